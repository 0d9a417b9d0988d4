import { useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  Button,
  Form,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  TextInput,
  minValue,
  required,
  useGetOne,
  useLocale,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { RebateCode, RebateCodeTransaction, RebateCodeTransactionInput } from '../../../schema/rebatecodes';
import { formatRemaining, PUNCH_TICKET } from '../../common/promoCodeTypes';
import { useCurrencySign } from '../../common/useCurrencySign';
import { useApi } from '../../common/api';

/** Punch tickets, value cards and gift cards: the codes with a balance to correct. */
const BALANCE_TYPES = [3, 4, 5];

function AmountOrUsage() {
  const translate = useTranslate();
  const locale = useLocale();
  const sign = useCurrencySign();
  const codeId = useWatch({ name: 'RebateCodeId' }) as number | undefined;
  const { data: code } = useGetOne<RebateCode & { id: number }>('promo-codes', { id: codeId ?? 0 }, { enabled: !!codeId });
  if (!code) return null;
  const left = translate('custom.promoCodes.manual.left', { value: formatRemaining(code, sign, locale, translate) });
  return code.RebateCodeTypeId === PUNCH_TICKET ? (
    <NumberInput source="Usage" label="custom.promoCodes.manual.usage" validate={[required(), minValue(1)]} helperText={left} fullWidth />
  ) : (
    <NumberInput source="Amount" label="custom.promoCodes.manual.amount" validate={[required(), minValue(0.01)]} helperText={left} fullWidth />
  );
}

/**
 * Adds a manual transaction: increases or decreases a value or gift card's amount or a punch ticket's
 * punches (POST /rebatecodes/transactions); a failure shows the server's message.
 */
export function ManualTransactionButton({ onDone }: { onDone?: (t: RebateCodeTransaction) => void }) {
  const [open, setOpen] = useState(false);
  const api = useApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();

  const submit = async (values: Record<string, unknown>) => {
    const body: RebateCodeTransactionInput = {
      RebateCodeId: Number(values.RebateCodeId),
      ChangeType: values.ChangeType === 'Decrease' ? 'Decrease' : 'Increase',
      Amount: typeof values.Amount === 'number' ? values.Amount : undefined,
      Usage: typeof values.Usage === 'number' ? values.Usage : undefined,
      CustomerId: typeof values.CustomerId === 'number' ? values.CustomerId : undefined,
      Comment: typeof values.Comment === 'string' && values.Comment.trim() ? values.Comment.trim() : undefined,
    };
    try {
      const saved = await api.call<RebateCodeTransaction>('POST', '/rebatecodes/transactions', { body });
      notify('custom.promoCodes.manual.saved', { type: 'success' });
      setOpen(false);
      refresh();
      onDone?.(saved);
    } catch (error) {
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
    }
  };

  return (
    <>
      <Button label="custom.promoCodes.manual.add" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="manual-transaction-title">
        <Form onSubmit={submit} defaultValues={{ ChangeType: 'Increase' }}>
          <DialogTitle id="manual-transaction-title">{translate('custom.promoCodes.manual.title')}</DialogTitle>
          <DialogContent>
            <ReferenceInput source="RebateCodeId" reference="promo-codes" filter={{ RebateCodeTypeIds: BALANCE_TYPES, RebateCodeStatusId: 1 }}>
              <AutocompleteInput label="custom.promoCodes.manual.code" validate={[required()]} filterToQuery={(q: string) => ({ q })} fullWidth />
            </ReferenceInput>
            <RadioButtonGroupInput
              source="ChangeType"
              label="custom.promoCodes.manual.changeType"
              choices={[
                { id: 'Increase', name: 'custom.promoCodes.changeTypes.Increase' },
                { id: 'Decrease', name: 'custom.promoCodes.changeTypes.Decrease' },
              ]}
            />
            <AmountOrUsage />
            <ReferenceInput source="CustomerId" reference="customers">
              <AutocompleteInput label="custom.promoCodes.manual.customer" filterToQuery={(q: string) => ({ q })} fullWidth />
            </ReferenceInput>
            <TextInput source="Comment" label="custom.promoCodes.manual.comment" multiline fullWidth />
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
            <SaveButton label="custom.promoCodes.manual.save" />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
