#pragma once
// The At-Least-One rule (self-tuned paper sec. 5.1): given the free VCs of each useful channel of
// a packet, it may be injected if every useful channel has at least one free VC, or if at least
// one useful channel has all its VCs free. A packet with no useful channel is for this node.
namespace icn {

inline bool alo_admits(const int* free_vcs_per_useful_channel, int channels, int vcs_per_channel) {
  if (channels == 0) return true;
  bool every_channel_has_a_free_vc = true, some_channel_all_free = false;
  for (int i = 0; i < channels; ++i) {
    every_channel_has_a_free_vc &= free_vcs_per_useful_channel[i] > 0;
    some_channel_all_free |= free_vcs_per_useful_channel[i] == vcs_per_channel;
  }
  return every_channel_has_a_free_vc || some_channel_all_free;
}

}  // namespace icn
