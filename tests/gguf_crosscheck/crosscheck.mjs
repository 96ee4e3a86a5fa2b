// Cross-checks our GGUF reader against @huggingface/gguf 0.4.6, an independent implementation:
// every fixture is parsed by both (ours through `placement gguf FILE --json`) and compared field by
// field: version, byte order, counts, every metadata key with its type and value (arrays: element
// type, length and the items we keep), every tensor (name, type, shape, offset), the tensor-info
// byte range, the data offset and the parameter count. Malformed fixtures must make our CLI exit 2.
//
// usage: node crosscheck.mjs "PLACEMENT_CLI" DIR_OR_FILE...
// Ends with "N passed, M failed"; exit status 0 only when nothing failed.
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { gguf } from "@huggingface/gguf";

// Our JSON prints 64-bit integers exactly; JSON.parse would round those beyond 2^53. Quote every
// integer literal of 16+ digits outside strings before parsing, then compare as decimal text.
function parseExactJson(text) {
  let out = "";
  let inString = false;
  for (let k = 0; k < text.length; ) {
    const c = text[k];
    if (inString) {
      out += c;
      if (c === "\\") {
        out += text[k + 1];
        k += 2;
        continue;
      }
      if (c === '"') inString = false;
      k++;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      k++;
      continue;
    }
    if (c === "-" || (c >= "0" && c <= "9")) {
      let end = k + 1;
      while (end < text.length && /[0-9eE.+-]/.test(text[end])) end++;
      const literal = text.slice(k, end);
      out += /^-?\d{16,}$/.test(literal) ? `"${literal}"` : literal;
      k = end;
      continue;
    }
    out += c;
    k++;
  }
  return JSON.parse(out);
}

const TYPE_NAMES = ["UINT8", "INT8", "UINT16", "INT16", "UINT32", "INT32", "FLOAT32", "BOOL", "STRING", "ARRAY", "UINT64", "INT64", "FLOAT64"];

class Comparison {
  constructor(file) {
    this.file = file;
    this.mismatches = [];
  }
  eq(what, theirs, ours) {
    const same = typeof theirs === "number" && typeof ours === "number" ? Object.is(theirs, ours) || theirs === ours : String(theirs) === String(ours);
    if (!same) this.mismatches.push(`${what}: @huggingface/gguf ${JSON.stringify(String(theirs))}, ours ${JSON.stringify(String(ours))}`);
    return same;
  }
}

// Scalars compare by value; arrays: ours keeps a prefix of the items (all of them for short
// arrays), which must equal theirs item by item.
function compareValue(cmp, what, theirs, ours) {
  if (Array.isArray(theirs)) {
    if (!Array.isArray(ours)) return cmp.eq(what, "array", typeof ours);
    if (ours.length > theirs.length) cmp.eq(`${what} kept items`, theirs.length, ours.length);
    const n = Math.min(ours.length, theirs.length);
    for (let k = 0; k < n; k++) if (!compareValue(cmp, `${what}[${k}]`, theirs[k], ours[k])) return false;
    return true;
  }
  if (typeof theirs === "number") return cmp.eq(what, theirs, typeof ours === "string" ? Number(ours) : ours);
  return cmp.eq(what, theirs, ours);
}

function arrayLength(value) {
  return Array.isArray(value) ? value.length : undefined;
}

function ourFileJson(cli, path) {
  const [cmd, ...pre] = cli;
  const text = execFileSync(cmd, [...pre, "gguf", path, "--json"], { maxBuffer: 1 << 30, encoding: "utf8" });
  const all = parseExactJson(text);
  const mine = all.files.find((f) => resolve(f.file) === resolve(path));
  if (!mine) throw new Error(`our output lists no file ${path}`);
  return mine;
}

async function compareFile(cli, path) {
  const cmp = new Comparison(path);
  const ours = ourFileJson(cli, path);
  // Its computeParametersCount option rejects header-only files (their data is absent), so the
  // parameter count is summed here from the shapes it parsed.
  const theirs = await gguf(path, { allowLocalFile: true, typedMetadata: true });
  const theirParameters = theirs.tensorInfos.reduce((sum, t) => sum + t.shape.reduce((p, d) => p * BigInt(d), 1n), 0n);
  const tm = theirs.typedMetadata;

  cmp.eq("version", tm.version.value, ours.version);
  cmp.eq("little_endian", theirs.littleEndian, ours.little_endian);
  cmp.eq("tensor_count", tm.tensor_count.value, ours.tensor_count);
  cmp.eq("kv_count", tm.kv_count.value, ours.kv_count);

  const theirKeys = Object.keys(tm).filter((k) => !["version", "tensor_count", "kv_count"].includes(k));
  cmp.eq("metadata entries", theirKeys.length, ours.metadata.length);
  const n = Math.min(theirKeys.length, ours.metadata.length);
  for (let k = 0; k < n; k++) {
    const key = theirKeys[k];
    const t = tm[key];
    const o = ours.metadata[k];
    const what = `KV ${k + 1} ${key}`;
    if (!cmp.eq(`${what} key`, key, o.key)) continue;
    cmp.eq(`${what} type`, TYPE_NAMES[t.type], o.type);
    if (t.type === 9) {
      cmp.eq(`${what} element type`, TYPE_NAMES[t.subType], o.element_type);
      cmp.eq(`${what} length`, arrayLength(t.value), o.length);
      compareValue(cmp, `${what} items`, t.value, o.first);
    } else {
      compareValue(cmp, `${what} value`, t.value, o.value);
    }
  }

  cmp.eq("tensors", theirs.tensorInfos.length, ours.tensors.length);
  for (let k = 0; k < Math.min(theirs.tensorInfos.length, ours.tensors.length); k++) {
    const t = theirs.tensorInfos[k];
    const o = ours.tensors[k];
    const what = `tensor ${k + 1} ${t.name}`;
    cmp.eq(`${what} name`, t.name, o.name);
    cmp.eq(`${what} n_dims`, t.n_dims, o.n_dims);
    cmp.eq(`${what} shape`, t.shape.map(String).join(","), o.shape.map(String).join(","));
    cmp.eq(`${what} type`, t.dtype, o.type_id);
    cmp.eq(`${what} offset`, t.offset, o.offset);
  }
  cmp.eq("tensor_info_byte_range", theirs.tensorInfoByteRange.join(","), ours.tensor_info_byte_range.join(","));
  cmp.eq("tensor_data_offset", theirs.tensorDataOffset, ours.tensor_data_offset);
  cmp.eq("parameter_count", theirParameters, ours.parameter_count);
  return cmp;
}

function expectRejected(cli, path) {
  const cmp = new Comparison(path);
  const [cmd, ...pre] = cli;
  const r = spawnSync(cmd, [...pre, "gguf", path, "--json"], { encoding: "utf8" });
  cmp.eq("exit status of a malformed file", 2, r.status);
  if (!/bad GGUF at byte \d+ \(/.test(r.stderr)) cmp.mismatches.push(`no byte offset in the error: ${r.stderr.trim()}`);
  return cmp;
}

function collect(target) {
  if (statSync(target).isFile()) return [target];
  const out = [];
  for (const name of readdirSync(target).sort()) {
    const p = join(target, name);
    if (statSync(p).isDirectory()) out.push(...collect(p));
    else if (name.endsWith(".gguf")) out.push(p);
  }
  return out;
}

async function main() {
  const [cliText, ...targets] = process.argv.slice(2);
  if (!cliText || targets.length === 0) {
    console.error('usage: node crosscheck.mjs "PLACEMENT_CLI" DIR_OR_FILE...');
    process.exit(2);
  }
  const cli = cliText.split(/\s+/).filter(Boolean);
  let passed = 0;
  let failed = 0;
  for (const file of targets.flatMap(collect)) {
    const malformed = basename(resolve(file, "..")) === "malformed" && basename(file) !== "valid-reference.gguf";
    let cmp;
    try {
      cmp = malformed ? expectRejected(cli, file) : await compareFile(cli, file);
    } catch (e) {
      cmp = new Comparison(file);
      cmp.mismatches.push(`error: ${e.message.split("\n")[0]}`);
    }
    if (cmp.mismatches.length === 0) {
      passed++;
      console.log(`ok   ${file}${malformed ? " (rejected)" : ""}`);
    } else {
      failed++;
      for (const m of cmp.mismatches) console.log(`FAIL ${file}: ${m}`);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main();
