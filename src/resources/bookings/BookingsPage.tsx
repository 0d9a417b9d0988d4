import type { ReactElement } from 'react';
import { Box } from '@mui/material';
import AddIcon from '@mui/icons-material/AddCircle';
import ListIcon from '@mui/icons-material/ViewList';
import QueueIcon from '@mui/icons-material/HourglassTop';
import AssessmentIcon from '@mui/icons-material/Assessment';
import HistoryIcon from '@mui/icons-material/History';
import MailIcon from '@mui/icons-material/Email';
import TemplateIcon from '@mui/icons-material/Description';
import { Title, useTranslate } from 'react-admin';
import { useCan } from '../../auth/roles';
import { Embed } from '../../common/embeds';
import { HashTabsCard } from '../../common/HashTabsCard';
import { BookingList } from './BookingList';
import { BookingLogList } from './BookingLogList';
import { QueueView } from './QueueView';
import { NewBookingSlot, ReportSlot } from './slots';

/** The tabs of /bookings (spec core.md §2: book, bookings, bookings-report; plus the queue and the booking log). */
export const BOOKING_TABS = ['book', 'bookings', 'queue', 'bookings-report', 'booking-log', 'message-log', 'message-templates'] as const;
type BookingTab = (typeof BOOKING_TABS)[number];

const ICONS: Record<BookingTab, ReactElement> = {
  book: <AddIcon />,
  bookings: <ListIcon />,
  queue: <QueueIcon />,
  'bookings-report': <AssessmentIcon />,
  'booking-log': <HistoryIcon />,
  'message-log': <MailIcon />,
  'message-templates': <TemplateIcon />,
};

function TabContent({ tab }: { tab: BookingTab }) {
  switch (tab) {
    case 'book':
      return <NewBookingSlot />;
    case 'queue':
      return <QueueView />;
    case 'bookings-report':
      return <ReportSlot />;
    case 'booking-log':
      return <BookingLogList />;
    case 'message-log':
      return <Embed name="messageLog" />;
    case 'message-templates':
      return <Embed name="messageTemplates" />;
    default:
      return <BookingList />;
  }
}

/**
 * /bookings: the new-booking widget, the bookings list, the queue, the report and the booking log, one
 * tab each (URL hash); a role that may only read bookings (Accountant) sees no booking widget or queue.
 */
export function BookingsPage() {
  const translate = useTranslate();
  const canWrite = useCan('bookings', 'write');
  const canReport = useCan('bookingReports');
  const canMessages = useCan('messages');
  const tabs = BOOKING_TABS.filter((t) => (t === 'book' || t === 'queue' ? canWrite : t === 'bookings-report' ? canReport : t.startsWith('message-') ? canMessages : true));
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <Title title={translate('custom.bookings.title')} />
      <HashTabsCard id="bookings" messages="custom.bookings" tabs={tabs} icons={ICONS}>
        {(tab) => <TabContent tab={tab} />}
      </HashTabsCard>
    </Box>
  );
}
