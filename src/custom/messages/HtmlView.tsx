import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Box } from '@mui/material';

/**
 * HTML as the receiver sees it: sanitized again here (DOMPurify) and shown in a sandboxed frame, so
 * nothing in a message runs or borrows the admin's styles.
 */
export function HtmlView({ html, title, height = 360 }: { html: string; title: string; height?: number }) {
  const doc = useMemo(
    () =>
      `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{font-family:system-ui,sans-serif;margin:12px;color:#222}img{max-width:100%}</style></head><body>${DOMPurify.sanitize(html)}</body></html>`,
    [html],
  );
  return <Box component="iframe" title={title} sandbox="allow-popups" srcDoc={doc} sx={{ width: '100%', height, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />;
}
