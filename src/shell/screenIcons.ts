import type { ComponentType } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import EventNoteIcon from '@mui/icons-material/EventNote';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HomeIcon from '@mui/icons-material/Home';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LockIcon from '@mui/icons-material/Lock';
import MailIcon from '@mui/icons-material/Mail';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import PaymentIcon from '@mui/icons-material/Payment';
import PrintIcon from '@mui/icons-material/Print';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/Settings';
import SyncIcon from '@mui/icons-material/Sync';
import WebhookIcon from '@mui/icons-material/Webhook';

/** Sidebar icons of the spec's screens (a declaration or custom page may bring its own). */
export const SCREEN_ICONS: Record<string, ComponentType> = {
  scheduler: CalendarMonthIcon,
  bookings: EventNoteIcon,
  support: HelpOutlineIcon,
  promoCodes: LocalOfferIcon,
  schedules: ScheduleIcon,
  resources: MeetingRoomIcon,
  timeExceptions: EventBusyIcon,
  newsletters: MailIcon,
  accountingSettings: AccountBalanceIcon,
  priceMappings: CompareArrowsIcon,
  company: BusinessIcon,
  bookingSettings: EventAvailableIcon,
  systemSettings: SettingsIcon,
  paymentSettings: PaymentIcon,
  bookingPrintouts: PrintIcon,
  codelockSettings: LockIcon,
  calendarSync: SyncIcon,
  mailchimpSettings: ContactMailIcon,
  webhooks: WebhookIcon,
  homepage: HomeIcon,
};
