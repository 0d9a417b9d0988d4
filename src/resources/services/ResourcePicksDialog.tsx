import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Resource } from '../../../schema/availability';
import type { ServiceResourceType } from '../../../schema/scheduling';

const T = 'resources.services.scheduling.picks';

/**
 * Which resources of a connected type the service may use (issue 30: a yoga class connected to
 * "Rooms" should not be bookable into the sauna): every resource of the type, also those added
 * later, or only the ticked ones, at least as many as one booking takes. `onSave` gets null for
 * every resource, else the ticked ids, and answers whether it was saved.
 */
export function ResourcePicksDialog({
  link,
  resources,
  serviceName,
  onClose,
  onSave,
}: {
  link: ServiceResourceType | null;
  resources: readonly Resource[];
  serviceName: string;
  onClose: () => void;
  onSave: (picks: number[] | null) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const [all, setAll] = useState(true);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!link) return;
    setAll(link.AllResources);
    setPicked(new Set(link.AllResources ? [] : link.Resources.map((r) => r.Id)));
  }, [link]);
  const tooFew = !all && picked.size < (link?.NumberOfResources ?? 1);
  const toggle = (id: number, on: boolean) =>
    setPicked((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const save = async () => {
    setSaving(true);
    const ok = await onSave(all ? null : resources.filter((r) => picked.has(r.Id)).map((r) => r.Id));
    setSaving(false);
    if (ok) onClose();
  };
  return (
    <Dialog open={link !== null} onClose={onClose} aria-labelledby="resource-picks-title" maxWidth="xs" fullWidth>
      {link ? (
        <>
          <DialogTitle id="resource-picks-title">{translate(`${T}.title`, { type: link.Name, service: serviceName })}</DialogTitle>
          <DialogContent>
            <RadioGroup value={all ? 'all' : 'some'} onChange={(e) => setAll(e.target.value === 'all')} aria-labelledby="resource-picks-title">
              <FormControlLabel value="all" control={<Radio />} label={translate(`${T}.all`, { type: link.Name })} />
              <FormControlLabel value="some" control={<Radio />} label={translate(`${T}.some`)} />
            </RadioGroup>
            {all ? null : (
              <FormControl component="fieldset" error={tooFew} sx={{ pl: 4 }}>
                <FormLabel component="legend" sx={{ position: 'absolute', left: -10000 }}>
                  {translate(`${T}.some`)}
                </FormLabel>
                <FormGroup>
                  {resources.map((r) => (
                    <FormControlLabel
                      key={r.Id}
                      control={<Checkbox checked={picked.has(r.Id)} onChange={(e) => toggle(r.Id, e.target.checked)} />}
                      label={
                        <>
                          {r.Name}
                          {r.Active === false ? <Chip size="small" label={translate('resources.services.scheduling.inactive')} sx={{ ml: 1 }} /> : null}
                        </>
                      }
                    />
                  ))}
                </FormGroup>
                {tooFew ? <FormHelperText>{translate(`${T}.tooFew`, { smart_count: link.NumberOfResources })}</FormHelperText> : null}
              </FormControl>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" onClick={save} disabled={saving || tooFew}>
              {translate('ra.action.save')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
