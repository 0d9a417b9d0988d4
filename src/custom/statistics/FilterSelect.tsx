import { ListItemIcon, ListItemText, MenuItem, TextField } from '@mui/material';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';

export interface FilterOption {
  id: number;
  name: string;
}

/**
 * A multiple choice of services or resources, a check box drawn beside each (a picture: the option's
 * own selected state is what assistive technology reads, and no control sits inside another); none
 * chosen reads `all`. An id the list does not hold (a link to a removed record) shows as #id, so a
 * filter never hides.
 * @example <FilterSelect name="services" label="Services" all="All services" options={services} value={[1]} onChange={setIds} />
 */
export function FilterSelect({ name, label, all, options, value, onChange }: { name: string; label: string; all: string; options: FilterOption[]; value: number[]; onChange: (ids: number[]) => void }) {
  const names = new Map(options.map((o) => [o.id, o.name]));
  return (
    <TextField
      select
      size="small"
      name={name}
      label={label}
      value={value}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (chosen) => ((chosen as number[]).length ? (chosen as number[]).map((id) => names.get(id) ?? `#${id}`).join(', ') : all),
          onChange: (e) => {
            const next = e.target.value as unknown as (number | string)[];
            onChange([...new Set(next.map(Number))].sort((a, b) => a - b));
          },
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          <ListItemIcon>{value.includes(o.id) ? <CheckBoxIcon fontSize="small" color="primary" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}</ListItemIcon>
          <ListItemText primary={o.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}
