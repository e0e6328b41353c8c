/** "Export CSV": the inbox's current filter as a CSV file (UTF-8 with BOM, for spreadsheets), downloaded at once. */
import type { InboxFilter } from '@shared/contract/schemas/staff-console';
import { toastMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useExportSubmissions } from '../api/export-submissions';
import { startDownload } from '../utils/download';

export function ExportButton({ filter }: { filter: InboxFilter }) {
  const exporting = useExportSubmissions();
  const file = exporting.data;
  return (
    <div className="staff-export">
      <button
        type="button"
        className="button button-secondary"
        disabled={exporting.isPending}
        onClick={() =>
          exporting.mutate(filter, {
            onSuccess: (answer) => {
              startDownload(answer.url, answer.fileName);
              toast({ title: 'Export ready', description: `${answer.rows ?? 0} submissions in ${answer.fileName}.` });
            },
            onError: (error) => toast({ title: 'Export failed', description: toastMessage(error, 'Please try again.'), variant: 'destructive' }),
          })
        }
      >
        {exporting.isPending ? 'Exporting...' : 'Export CSV'}
      </button>
      {file ? (
        <a href={file.url} download={file.fileName} className="staff-download">
          Download {file.fileName}
        </a>
      ) : null}
    </div>
  );
}
