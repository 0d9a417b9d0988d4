import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ErrorLoadingDataProps {
  /** Defaults to reloading the page. */
  onReload?: () => void;
}

/**
 * The generic 'error loading data' panel with a reload button.
 * @example
 * if (error) return <ErrorLoadingData onReload={refetch} />;
 */
export function ErrorLoadingData({ onReload = () => window.location.reload() }: ErrorLoadingDataProps) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {translate('shell.errors.reload')}
        </Button>
      }
    >
      {translate('shell.errors.loadingData')}
    </Alert>
  );
}
