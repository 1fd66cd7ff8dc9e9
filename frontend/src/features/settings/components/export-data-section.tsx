import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useExportData, type ExportKind } from '../api/export-data';
import { DataSection } from './data-section';

const LABELS: Record<ExportKind, string> = {
  all: 'Download all my data (JSON)',
  reviews: 'My reviews (CSV)',
  saved: 'My saved places (CSV)',
};

/** Export my data: downloads at once (no "within 48 hours": the server assembles it on request). */
export function ExportDataSection() {
  const exporter = useExportData();
  const download = (kind: ExportKind) =>
    exporter.mutate(kind, {
      onSuccess: (fileName) => toast.success('Your data is downloading', { description: fileName }),
      onError: (error) => toast.error('Export failed', { description: error.message }),
    });
  return (
    <DataSection
      id="export-data-title"
      title="Export my data"
      description="Everything DineBuds holds about you: profile, badges, reviews, saved places, check-ins, follows, messages and feedback."
    >
      {(Object.keys(LABELS) as ExportKind[]).map((kind) => (
        <Button
          key={kind}
          variant={kind === 'all' ? 'primary' : 'outline'}
          size="sm"
          loading={exporter.isPending && exporter.variables === kind}
          disabled={exporter.isPending}
          onClick={() => download(kind)}
        >
          <Download aria-hidden="true" />
          {LABELS[kind]}
        </Button>
      ))}
    </DataSection>
  );
}
