import { useState } from 'react';

/** A report's CSV download: busy while it runs, its failure kept to show (null = nothing to download). */
export function useDownload(start: (() => Promise<void>) | null) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function download() {
    if (!start) return;
    setDownloading(true);
    setError(null);
    try {
      await start();
    } catch (failure) {
      setError(failure);
    } finally {
      setDownloading(false);
    }
  }

  return { download, downloading, error };
}
