import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { SavedFilter, SavedFilterList } from '../../../schema/savedFilters';
import type { BookingDataProvider } from '../../dataProvider/types';

/**
 * The list's saved filters (GET/POST/DELETE /savedfilters): a menu of the caller's own and the
 * company's shared filters of this list; picking one sets the list's filter (kept in the URL, as any
 * filter); "Save current filter" names the filter now set, private or shared with the company; the
 * owner deletes their own.
 */
export function SavedFiltersMenu() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<BookingDataProvider>();
  const queryClient = useQueryClient();
  const { resource, filterValues, setFilters } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const key = ['savedfilters', resource];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => api.call<SavedFilterList>('GET', '/savedfilters', { query: { Resource: resource } }),
    enabled: Boolean(anchor),
  });
  const filters = data?.Results ?? [];
  const hasFilter = Object.keys(filterValues ?? {}).length > 0;

  const pick = (filter: SavedFilter) => {
    setAnchor(null);
    setFilters(filter.Filter, Object.fromEntries(Object.keys(filter.Filter).map((k) => [k, true])));
  };
  const remove = async (filter: SavedFilter) => {
    try {
      await api.call('DELETE', `/savedfilters/${filter.Id}`);
      await queryClient.invalidateQueries({ queryKey: key });
      notify('engine.savedFilters.deleted', { type: 'info', messageArgs: { name: filter.Name } });
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  const save = async () => {
    try {
      await api.call('POST', '/savedfilters', { body: { Resource: resource, Name: name, Filter: filterValues ?? {}, Shared: shared } });
      await queryClient.invalidateQueries({ queryKey: key });
      notify('engine.savedFilters.saved', { type: 'info', messageArgs: { name: name.trim() } });
      setSaving(false);
      setName('');
      setShared(false);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };

  return (
    <>
      <Button size="small" startIcon={<BookmarkIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {translate('engine.savedFilters.title')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {filters.length === 0 ? (
          <MenuItem disabled>{translate('engine.savedFilters.none')}</MenuItem>
        ) : (
          filters.map((filter) => (
            <MenuItem key={filter.Id} onClick={() => pick(filter)}>
              <ListItemText primary={filter.Name} secondary={translate(filter.Shared ? 'engine.savedFilters.sharedLabel' : 'engine.savedFilters.privateLabel')} />
              {filter.Mine ? (
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={translate('engine.savedFilters.delete', { name: filter.Name })}
                  onClick={(e) => {
                    e.stopPropagation();
                    void remove(filter);
                  }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              ) : null}
            </MenuItem>
          ))
        )}
        <Divider />
        <MenuItem
          disabled={!hasFilter}
          onClick={() => {
            setAnchor(null);
            setSaving(true);
          }}
        >
          {translate('engine.savedFilters.save')}
        </MenuItem>
      </Menu>
      <Dialog open={saving} onClose={() => setSaving(false)} aria-labelledby="engine-save-filter-title">
        <DialogTitle id="engine-save-filter-title">{translate('engine.savedFilters.save')}</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth margin="dense" label={translate('engine.savedFilters.name')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <FormControlLabel control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />} label={translate('engine.savedFilters.share')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSaving(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!name.trim()} onClick={() => void save()}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
