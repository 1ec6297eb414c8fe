// A document's download button state: asks the call for the file (base64, SPEC §9), hands it to the
// browser, and keeps whether it is under way or failed, so every download says the same things.
import { useState } from 'react';
import { base64ToBlob, saveBlob } from './download';

export interface DownloadedFile {
  data: string;
  contentType: string;
  fileName: string;
}

export type DownloadState = 'idle' | 'busy' | 'failed';

/** `fetchFile` asks the server (quietly: the caller says a failure beside its button). */
export function useDownload(fetchFile: () => Promise<DownloadedFile>) {
  const [state, setState] = useState<DownloadState>('idle');
  async function download() {
    setState('busy');
    try {
      const file = await fetchFile();
      saveBlob(base64ToBlob(file.data, file.contentType), file.fileName);
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return { state, download: () => void download() };
}
