import { Alert, Box, Button, IconButton, Stack, TableCell, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { NewsletterTemplate } from '../../../schema/newsletters';
import { OutlinedTable } from '../../common/OutlinedTable';
import { SendMethodIcon } from './SendMethodIcon';
import { PAGE_SIZE, type ListState } from './useNewsletterApi';
import { FixedPagination } from '../../common/FixedPagination';

/** The templates tab: send method, heading and edit per template, and 'new template'. */
export function TemplatesTab({ list, page, onPage }: { list: ListState<NewsletterTemplate>; page: number; onPage: (page: number) => void }) {
  const translate = useTranslate();
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" component={RouterLink} to="/newsletters/new" startIcon={<AddIcon />}>
          {translate('newsletters.templates.new')}
        </Button>
      </Stack>
      {list.error && <Alert severity="error">{translate(list.error, { _: list.error })}</Alert>}
      {!list.loading && !list.error && list.rows.length === 0 ? (
        <Typography sx={{ py: 3 }} color="text.secondary">
          {translate('newsletters.templates.empty')}
        </Typography>
      ) : (
        <OutlinedTable
          aria-label={translate('newsletters.tabs.newslettertemplates')}
          head={
              <TableRow>
                <TableCell>{translate('newsletters.fields.SendMethodId')}</TableCell>
                <TableCell>{translate('newsletters.fields.Heading')}</TableCell>
                <TableCell>{translate('ra.action.edit')}</TableCell>
              </TableRow>
          }
        >
              {list.rows.map((template) => (
                <TableRow key={template.Id}>
                  <TableCell>
                    <SendMethodIcon id={template.SendMethodId} />
                  </TableCell>
                  <TableCell>{template.Heading}</TableCell>
                  <TableCell>
                    <IconButton component={RouterLink} to={`/newsletters/templates/${template.Id}`} aria-label={`${translate('ra.action.edit')}: ${template.Heading}`} size="small">
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
        </OutlinedTable>
      )}
      <FixedPagination count={list.total} page={page} pageSize={PAGE_SIZE} onPage={onPage} />
    </Box>
  );
}
