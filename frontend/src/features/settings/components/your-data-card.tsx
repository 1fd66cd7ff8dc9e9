import { useState } from 'react';
import { Database, Trash2, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DataSection } from './data-section';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ExportDataSection } from './export-data-section';
import { ImportSavedDialog } from './import-saved-dialog';

/** A diner's own data: export it, import saved places, delete the account. */
export function YourDataCard() {
  const [importOpen, setImportOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  return (
    <Card aria-labelledby="settings-data-title">
      <CardHeader id="settings-data-title" title="Your Data" icon={<Database />} />
      <div className="stack">
        <ExportDataSection />
        <DataSection
          id="import-saved-title"
          title="Import saved places"
          description="From a saved places CSV or a list of names and addresses."
        >
          <Button variant="outline" size="sm" onClick={() => setImportOpen(true)}>
            <Upload aria-hidden="true" />
            Import saved places
          </Button>
        </DataSection>
        <DataSection
          id="delete-account-title"
          title="Delete my account"
          description="Removes your account and everything you shared, right away."
        >
          <Button variant="danger" size="sm" onClick={() => setDeleteOpen(true)}>
            <Trash2 aria-hidden="true" />
            Delete my account
          </Button>
        </DataSection>
      </div>
      <ImportSavedDialog open={importOpen} onOpenChange={setImportOpen} />
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} />
    </Card>
  );
}
