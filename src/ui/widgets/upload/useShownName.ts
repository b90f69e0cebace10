// What an upload box names its file: the name the user chose ('my prompt.wav'), not the server's saved name
// ('20240101_abc.wav') the form value holds, once the upload has told us both. A value set otherwise (a
// loaded record) shows as it is.
import { useState } from 'react';

export function useShownName(value: unknown) {
  const [original, setOriginal] = useState<{ saved: string; name: string } | null>(null);
  const saved = typeof value === 'string' ? value : '';
  return {
    name: original && original.saved === saved ? original.name : saved || undefined,
    remember: (s: string, name: string) => setOriginal({ saved: s, name }),
  };
}
