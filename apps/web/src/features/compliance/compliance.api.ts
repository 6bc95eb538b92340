import { apiRequest } from '../../shared/api-client.ts';

/** Saves a Blob as `fileName` (a link to an object URL, clicked and let go). */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  return search.size ? `?${search}` : '';
};

/** GET /api/compliance/history.csv: every ledger movement (a range of days, or all). */
export async function downloadHistory(range: { from?: string; to?: string }, language: 'pt' | 'en'): Promise<void> {
  const blob = await apiRequest<Blob>(`/api/compliance/history.csv${query({ from: range.from, to: range.to, lang: language })}`, { blob: true });
  saveBlob(blob, range.from ? `historico-${range.from}-${range.to ?? range.from}.csv` : 'historico-completo.csv');
}

/** GET /api/compliance/export.json: the LGPD export (once an hour). */
export async function downloadDataExport(): Promise<void> {
  const blob = await apiRequest<Blob>('/api/compliance/export.json', { blob: true });
  saveBlob(blob, `meus-dados-${new Date().toISOString().slice(0, 10)}.json`);
}
