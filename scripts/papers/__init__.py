"""One module per paper for scripts/reproduce: each re-runs the paper's headline experiments on icnsim
(scripts/study.py) and writes its report with scripts/papers/report.py."""
