import { useState } from 'react';
import { Database, Trash2, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
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
        <section className="data-section" aria-labelledby="import-saved-title">
          <h3 id="import-saved-title" className="data-section__title">
            Import saved places
          </h3>
          <p className="muted">From a saved places CSV or a list of names and addresses.</p>
          <div className="data-section__actions">
            <Button variant="outline" size="sm" onClick={() => setImportOpen(true)}>
              <Upload aria-hidden="true" />
              Import saved places
            </Button>
          </div>
        </section>
        <section className="data-section" aria-labelledby="delete-account-title">
          <h3 id="delete-account-title" className="data-section__title">
            Delete my account
          </h3>
          <p className="muted">Removes your account and everything you shared, right away.</p>
          <div className="data-section__actions">
            <Button variant="danger" size="sm" onClick={() => setDeleteOpen(true)}>
              <Trash2 aria-hidden="true" />
              Delete my account
            </Button>
          </div>
        </section>
      </div>
      <ImportSavedDialog open={importOpen} onOpenChange={setImportOpen} />
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} />
    </Card>
  );
}
