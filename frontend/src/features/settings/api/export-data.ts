import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';

/** What "Export my data" downloads: everything (JSON), or reviews / saved places as CSV. */
export type ExportKind = 'all' | 'reviews' | 'saved';

const EXPORTS: Record<ExportKind, { path: string; fallback: string }> = {
  all: { path: '/api/user/export', fallback: 'dinebuds-export.json' },
  reviews: { path: '/api/user/export/reviews.csv', fallback: 'dinebuds-reviews.csv' },
  saved: { path: '/api/user/export/saved.csv', fallback: 'dinebuds-saved.csv' },
};

export const exportData = (kind: ExportKind) => downloadFile(EXPORTS[kind].path, EXPORTS[kind].fallback);

export function useExportData() {
  return useMutation({ mutationFn: exportData });
}
