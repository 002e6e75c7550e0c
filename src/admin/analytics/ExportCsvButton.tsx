import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button } from '@mui/material';
import { downloadText } from '../download';

/** 'Export CSV' of a table made on the page: the file is written when it is clicked. */
export function ExportCsvButton({
  label,
  csv,
  filename,
}: {
  label: string;
  csv: () => string;
  filename: string;
}) {
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => downloadText(csv(), filename, 'text/csv;charset=utf-8')}
    >
      {label}
    </Button>
  );
}
