// What an upload field accepts, from its ui options: `accept` ('.wav', '.jpg,.gif' or a list), `maxSizeMB`
// (or `maxSizeKB`), `fileType` (the server's kind filter). Checked before anything is sent.
export interface FileRules { extensions: string[]; maxBytes?: number; fileType?: string }

export function rulesOf(ui: Record<string, unknown>): FileRules {
  const accept = Array.isArray(ui.accept) ? ui.accept.map(String) : typeof ui.accept === 'string' ? ui.accept.split(',') : [];
  const extensions = accept.map((a) => a.trim().toLowerCase()).filter(Boolean).map((a) => (a.startsWith('.') ? a : `.${a}`));
  const mb = typeof ui.maxSizeMB === 'number' ? ui.maxSizeMB : undefined;
  const kb = typeof ui.maxSizeKB === 'number' ? ui.maxSizeKB : undefined;
  const maxBytes = mb !== undefined ? mb * 1024 * 1024 : kb !== undefined ? kb * 1024 : undefined;
  return { extensions, maxBytes, fileType: typeof ui.fileType === 'string' ? ui.fileType : undefined };
}

export const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.')).toLowerCase() : '');

export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The problem with a file, as an i18n key and its parameters, or null when it may be sent. */
export function fileProblem(file: File, rules: FileRules): { key: string; params: Record<string, unknown> } | null {
  if (rules.extensions.length && !rules.extensions.includes(extensionOf(file.name))) {
    return { key: 'Upload.wrongType', params: { types: rules.extensions.join(', ') } };
  }
  if (rules.maxBytes !== undefined && file.size > rules.maxBytes) return { key: 'Upload.tooLarge', params: { size: sizeText(rules.maxBytes) } };
  return null;
}
