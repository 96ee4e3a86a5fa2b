// Throughput of the GGUF header reader on the largest header fixture (Llama 3.1 70B: 128 k tokens,
// 280 k merges, 724 tensor infos, 7.9 MB), parsed from memory as the browser does after reading a
// Blob prefix. usage: gguf_reader_bench [FILE] [SECONDS]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gguf/reader.h"

int main(int argc, char** argv) {
  std::string path = argc > 1 ? argv[1] : std::string(PE_TEST_DATA_DIR) + "/data/gguf/models/llama-3.1-70b-instruct-q4_k_m.gguf";
  double seconds = argc > 2 ? std::atof(argv[2]) : 2.0;
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.empty()) {
    std::fprintf(stderr, "gguf_reader_bench: cannot read %s\n", path.c_str());
    return 1;
  }
  using Clock = std::chrono::steady_clock;
  std::uint64_t header = 0, kvs = 0, tensors = 0;
  int runs = 0;
  double best = 1e30;
  Clock::time_point start = Clock::now();
  while (runs < 3 || std::chrono::duration<double>(Clock::now() - start).count() < seconds) {
    Clock::time_point t0 = Clock::now();
    placement::gguf::PrefixResult r = placement::gguf::read_gguf_prefix(bytes.data(), bytes.size(), bytes.size());
    double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    if (!r.complete) {
      std::fprintf(stderr, "gguf_reader_bench: incomplete header\n");
      return 1;
    }
    header = r.file.tensor_info_end;
    kvs = r.file.kv_count;
    tensors = r.file.tensor_count;
    best = dt < best ? dt : best;
    ++runs;
  }
  double total = std::chrono::duration<double>(Clock::now() - start).count();
  double mean = total / runs;
  std::printf("file        %s\n", path.c_str());
  std::printf("header      %llu bytes, %llu KVs, %llu tensor infos\n", static_cast<unsigned long long>(header),
              static_cast<unsigned long long>(kvs), static_cast<unsigned long long>(tensors));
  std::printf("runs        %d in %.2f s\n", runs, total);
  std::printf("per parse   mean %.3f ms, best %.3f ms\n", mean * 1e3, best * 1e3);
  std::printf("throughput  mean %.1f MB/s, best %.1f MB/s\n", header / mean / 1e6, header / best / 1e6);
  return 0;
}
