// Reads a GGUF file's header with Blob.slice: first a small prefix, then exactly as many bytes as
// the module's reader asks for ({"status":"need","bytes":M}), never the whole file. The module
// caps what it asks for (64 MiB); the loop also stops if an answer would not make progress.

export const FIRST_READ_BYTES = 256 * 1024;
const CHUNK_BYTES = 4 * 1024 * 1024;  // progress granularity for large header reads
const MAX_ROUNDS = 32;

// Reads file[from, to) chunk by chunk into target, reporting progress as (bytesRead, bytesWanted).
async function readRange(file, target, from, to, onProgress) {
  for (let at = from; at < to; at += CHUNK_BYTES) {
    const end = Math.min(to, at + CHUNK_BYTES);
    const buf = await file.slice(at, end).arrayBuffer();
    target.set(new Uint8Array(buf), at);
    onProgress(end, to);
  }
}

// loadPrefix(bytes: Uint8Array, fileSize, fileName) -> answer text (Module.loadGgufPrefix).
// Resolves to the module's final answer object ({"status":"ok"} or {"status":"error",...}).
export async function loadGgufFile(file, loadPrefix, onProgress = () => {}) {
  let have = new Uint8Array(0);
  let want = Math.min(file.size, FIRST_READ_BYTES);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const grown = new Uint8Array(want);
    grown.set(have);
    await readRange(file, grown, have.length, want, onProgress);
    have = grown;
    let answer;
    try {
      answer = JSON.parse(loadPrefix(have, file.size, file.name));
    } catch (e) {
      return { status: 'error', message: 'the GGUF reader failed: ' + (e && e.message || e) };
    }
    if (answer.status !== 'need') return answer;
    const next = Number(answer.bytes);
    if (!(next > have.length) || next > file.size) {
      return { status: 'error', message: `the GGUF reader asked for ${answer.bytes} bytes of a ${file.size}-byte file after reading ${have.length}` };
    }
    want = next;
  }
  return { status: 'error', message: 'the GGUF reader kept asking for more bytes' };
}

// Of several dropped or picked files, the GGUF ones: one model, or all shards of a split model,
// which the module reads together (and refuses one shard of several alone).
export function ggufFiles(files) {
  return files.filter((f) => /\.gguf$/i.test(f.name));
}

// Several GGUF files (a split model's shards): each file's header is read like loadGgufFile with
// the module's readGgufShard, then loadGgufShards applies them together. Resolves to the final
// answer object; the first failing file's answer (with `file` set) if one fails.
export async function loadGgufShards(files, module, onProgress = () => {}) {
  module.beginGgufShards();
  for (const file of files) {
    const answer = await loadGgufFile(file, (bytes, size, name) => module.readGgufShard(bytes, size, name),
      (done, want) => onProgress(file, done, want));
    if (answer.status !== 'ok') return Object.assign(answer, { file });
  }
  try {
    return JSON.parse(module.loadGgufShards());
  } catch (e) {
    return { status: 'error', message: 'the GGUF reader failed: ' + (e && e.message || e) };
  }
}
