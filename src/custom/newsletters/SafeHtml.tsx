import { useEffect, useState } from 'react';
import { Box } from '@mui/material';

/** Stored rich text shown as HTML after DOMPurify has cleaned it (loaded when first shown). */
export function SafeHtml({ html }: { html: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('dompurify').then(({ default: DOMPurify }) => live && setClean(DOMPurify.sanitize(html)));
    return () => {
      live = false;
    };
  }, [html]);
  return <Box sx={{ '& img': { maxWidth: '100%' }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: clean ?? '' }} />;
}
