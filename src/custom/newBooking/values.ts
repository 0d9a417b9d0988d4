import type { CustomFieldValueInput } from '../../../schema/customfields';
import type { RepeatFrequency } from './calendar';
import type { PaymentOption, SendFlag } from './types';

/** The values the form's inputs hold (the service, time and price are chosen outside them). */
export interface NewBookingValues extends Record<SendFlag, boolean> {
  NewCustomer: {
    Firstname?: string;
    Lastname?: string;
    Email?: string;
    Phone?: string;
    SubscribedToNewsletter?: boolean;
    CustomFieldValues?: CustomFieldValueInput[];
  };
  CustomFields: CustomFieldValueInput[];
  BookedComments?: string;
  CommentsToCustomer?: string;
  PaymentOption: PaymentOption;
  RepeatFrequency: RepeatFrequency;
  RepeatCount: number;
}

export const DEFAULTS: NewBookingValues = {
  NewCustomer: { SubscribedToNewsletter: false, CustomFieldValues: [] },
  CustomFields: [],
  SendEmailConfirmation: true,
  SendSmsConfirmation: false,
  SendEmailReminder: true,
  SendSmsReminder: false,
  PaymentOption: 'DefaultSetting',
  RepeatFrequency: 'none',
  RepeatCount: 1,
};
