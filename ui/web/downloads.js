// Saving text as a file and picking files, without a server.

export function downloadText(doc, fileName, text, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadUrl(doc, fileName, url);
  // Revoked later: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// Saves what url points to (a blob: or data: URL) as fileName.
export function downloadUrl(doc, fileName, url) {
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  doc.body.appendChild(a);
  a.click();
  a.remove();
}

// Save image: the canvas as the app drew it, as a PNG file named after the model.
export async function saveCanvasImage(doc, explorerApi, scenarioText) {
  const url = await explorerApi.saveImage();
  downloadUrl(doc, scenarioFileName(scenarioText).replace(/\.(scenario\.)?json$/, '') + '.png', url);
}

// A file name for the exported scenario: the model's name when it has one.
export function scenarioFileName(scenarioText) {
  try {
    const name = JSON.parse(scenarioText)?.model?.name;
    if (typeof name === 'string' && name.trim()) return name.trim().replace(/[^\w.-]+/g, '_') + '.scenario.json';
  } catch (_) { /* fall through */ }
  return 'placement-scenario.json';
}

// Calls onFile(file) each time the user picks a file with this input; the same file can be picked again.
export function onFilePicked(input, onFile) {
  input.addEventListener('change', () => {
    const file = input.files && input.files[0];
    input.value = '';
    if (file) onFile(file);
  });
}

// For an input with `multiple`: all chosen files at once (a split GGUF model's shards).
export function onFilesPicked(input, onFiles) {
  input.addEventListener('change', () => {
    const files = Array.from(input.files || []);
    input.value = '';
    if (files.length) onFiles(files);
  });
}
