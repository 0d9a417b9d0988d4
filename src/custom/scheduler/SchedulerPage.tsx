import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Box, LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import { Title, useLocale, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCompanyClock, useCompanyNow } from '../../auth/profile';
import { bookingCustomerName, totalQuantity, type Booking } from '../../common/bookings/bookingTypes';
import { formatRange } from '../../common/bookings/formatRange';
import { useApi } from '../../common/api';
import { useLicenseLimitPage } from '../../common/licenseLimit';
import { bookableChoice, type BookableChoice } from './bookableChoice';
import { AgendaList } from './AgendaList';
import { BoardCalendar } from './BoardCalendar';
import { BookingDrawer } from './BookingDrawer';
import { ConflictDialogs } from './ConflictDialogs';
import { TellDialog } from './TellDialog';
import type { QueueBadge } from './BoardColumn';
import { BOARD_VIEWS, dayOf, fromWire, serviceUses, snapResize, statusLook, step, toWire, type BoardEvent, type BoardView } from './model';
import { SchedulerToolbar } from './SchedulerToolbar';
import { useBoardMoves } from './useBoardMoves';
import { useSchedulerData } from './useSchedulerData';

const ids = (value: string | null): number[] => (value ? value.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

/**
 * /scheduler: every active resource's day or week on one board (a column per resource, grouped by
 * type), the month overview and the agenda (the phone's default). The view, date and the shown
 * resources and services live in the URL. Bookings are dragged to another time or resource, a free
 * range opens the new-booking widget, a click opens the booking beside the board, and every change
 * made anywhere appears through the live feed.
 */
export default function SchedulerPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const navigate = useNavigate();
  // Spec core.md §8: on the scheduler the license modal stays closed once this session started a trial.
  useLicenseLimitPage({ suppressDuringSessionTrial: true });
  const today = useCompanyNow().slice(0, 10);
  const companyClock = useCompanyClock();
  // The calendar asks for "now" per column (a week has 140) and the company's clock formats with Intl each time: read it once a second.
  const getNow = useMemo(() => {
    let readAt = 0;
    let now = new Date();
    return () => {
      if (Date.now() - readAt >= 1000) {
        readAt = Date.now();
        now = fromWire(companyClock());
      }
      return new Date(now);
    };
  }, [companyClock]);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view') as BoardView | null;
  const view: BoardView = viewParam && BOARD_VIEWS.includes(viewParam) ? viewParam : phone ? 'agenda' : 'day';
  const dateParam = params.get('date');
  // A real calendar date only: 2026-13-45 would otherwise roll over into February 2027.
  const day = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) && dayOf(fromWire(dateParam)) === dateParam ? dateParam : today;
  const resourceIds = useMemo(() => ids(params.get('resources')), [params]);
  const serviceIds = useMemo(() => ids(params.get('services')), [params]);

  const set = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const data = useSchedulerData({ view, day, resourceIds, serviceIds });
  const moves = useBoardMoves(data.events, data.shades, data.refreshBooking);
  const [openId, setOpenId] = useState<number | null>(null);
  const events = useMemo(
    () =>
      data.events.map((e) => {
        const placed = moves.placed.get(e.key);
        return placed ? { ...e, start: placed.start, end: placed.end, resourceId: placed.resourceId } : e;
      }),
    [data.events, moves.placed],
  );
  const opened = openId === null ? null : (data.events.find((e) => e.booking.Id === openId)?.booking ?? null);

  // Once per booking read from the server (a live change replaces only the changed booking's object).
  const describe = useMemo(() => {
    const said = new WeakMap<Booking, string>();
    return (e: BoardEvent) => {
      const b = e.booking;
      let text = said.get(b);
      if (text === undefined) {
        text = [formatRange(b.From, b.To, locale), bookingCustomerName(b), b.ServiceName, translate('scheduler.quantity', { count: totalQuantity(b) }), b.StatusName]
          .filter(Boolean)
          .join(', ');
        said.set(b, text);
      }
      return text;
    };
  }, [locale, translate]);
  const renderEvent = useCallback(
    (e: BoardEvent) => {
      const b = e.booking;
      const look = statusLook(b.StatusId);
      // Plain elements styled by the board's classes: a week holds a thousand of them.
      return (
        <>
          <strong className="board-event-line">{bookingCustomerName(b) || `#${b.Id}`}</strong>
          <span className="board-event-line">{`${b.ServiceName} · ${totalQuantity(b)}`}</span>
          {look !== 'booked' ? <span className="board-event-status">{b.StatusName}</span> : null}
        </>
      );
    },
    [],
  );

  const api = useApi();
  const onSelectRange = useCallback(
    (start: Date, end: Date, resourceId: number | undefined) => {
      const lane = data.resources.find((r) => r.id === resourceId);
      const fits = data.services.filter((s) => s.Active !== false && (!lane || serviceUses(s, lane)));
      // A service's own lane (no resource) gives only the service.
      const resource = lane?.serviceId === undefined ? lane : undefined;
      const open = (choice: BookableChoice | null) => {
        const query = new URLSearchParams();
        if (choice) {
          query.set('ServiceId', String(choice.serviceId));
          query.set('Services', choice.serviceIds.join(','));
        }
        if (resource) {
          query.set('ResourceTypeId', String(resource.typeId));
          query.set('ResourceId', String(resource.id));
        }
        // The free time that fits the range best, so the widget opens with a time it lists; else the range as selected.
        query.set('From', choice ? choice.time.From : toWire(start));
        query.set('To', choice ? choice.time.To : toWire(end));
        navigate(`/bookings-new?${query.toString()}`);
      };
      // Only services the server can book on this lane that day are offered, with the free time nearest the range.
      bookableChoice(api, fits, lane, start, end, serviceIds).then(open, () => open(null));
    },
    [api, data.resources, data.services, serviceIds, navigate],
  );

  const onDay = useCallback((d: string) => set({ date: d }), [set]);
  const onStep = useCallback((by: number) => set({ date: step(view, day, by) }), [set, view, day]);
  const onOpen = useCallback((e: BoardEvent) => setOpenId(e.booking.Id), []);
  const onDrillDown = useCallback((d: Date) => set({ view: 'day', date: dayOf(d) }), [set]);
  const showMoreLabel = useCallback((count: number) => translate('scheduler.showMore', { smart_count: count }), [translate]);
  // The latest moves for the board's drop handler, which stays the same function: a new one would redraw the whole calendar on every render of the page.
  const latestMoves = useRef(moves);
  latestMoves.current = moves;
  const latestServices = useRef(data.services);
  latestServices.current = data.services;
  const onMove = useCallback(
    (e: BoardEvent, start: Date, end: Date, resourceId: number) => {
      // Service lanes (negative ids) hold bookings without resources: those move in time only, and no booking moves onto them.
      if (resourceId !== e.resourceId && (resourceId < 0 || e.resourceId < 0)) notify('scheduler.laneMove', { type: 'warning' });
      else {
        // A resize takes a length the service can be booked for.
        const snapped = snapResize(latestServices.current.find((s) => s.Id === e.booking.ServiceId), e, start, end);
        latestMoves.current.request({ event: e, ...snapped, resourceId });
      }
    },
    [notify],
  );
  const boardDate = useMemo(() => fromWire(day), [day]);
  const queue = useMemo<QueueBadge[]>(
    () =>
      data.queue.map((mark) => ({
        mark,
        text: translate('scheduler.queue.short', { smart_count: mark.count }),
        label: translate('scheduler.queue.long', { smart_count: mark.count, service: mark.serviceName, time: formatRange(toWire(mark.start), toWire(mark.end), locale) }),
      })),
    [data.queue, translate, locale],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, height: { sm: 'calc(100vh - 64px)' } }}>
      <Title title={translate('shell.screens.scheduler')} />
      <SchedulerToolbar
        view={view}
        day={day}
        range={data.range}
        resources={data.allResources}
        resourceIds={resourceIds}
        services={data.services}
        serviceIds={serviceIds}
        canUndo={moves.last !== null}
        onView={(v) => set({ view: v })}
        onDay={onDay}
        onStep={onStep}
        onToday={() => set({ date: null })}
        onResources={(list) => set({ resources: list.join(',') || null })}
        onServices={(list) => set({ services: list.join(',') || null })}
        onUndo={moves.undo}
      />
      {data.loading ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
      {data.error ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {translate('scheduler.loadFailed')}
        </Alert>
      ) : null}
      {!data.loading && !data.error && data.allResources.length === 0 && view !== 'agenda' ? (
        <Alert severity="info" sx={{ m: 2 }}>
          {translate('scheduler.noResources')}
        </Alert>
      ) : null}
      {view === 'agenda' ? (
        <AgendaList events={events} shades={data.shades} queue={queue} range={data.range} resourceIds={resourceIds} onOpen={(b) => setOpenId(b.Id)} />
      ) : (
        <Box
          role="region"
          aria-label={translate('scheduler.board')}
          // On a phone the page is not a fixed height, so the board gets one (a screen's height): its hours then scroll
          // inside it and open at 07:00 as on a desktop, instead of the page growing to 24 hours and opening at midnight.
          sx={{ flex: { xs: 'none', sm: 1 }, minHeight: 520, overflow: 'auto', height: { xs: 'calc(100dvh - 64px)', sm: 'auto' } }}
          data-testid="scheduler-board"
        >
          <BoardCalendar
            view={view}
            date={boardDate}
            getNow={getNow}
            locale={locale}
            resources={data.resources}
            events={events}
            shades={data.shades}
            queue={queue}
            renderEvent={renderEvent}
            describe={describe}
            onMove={onMove}
            onSelectRange={onSelectRange}
            onOpen={onOpen}
            onDrillDown={onDrillDown}
            showMoreLabel={showMoreLabel}
            onStep={onStep}
          />
        </Box>
      )}
      <ConflictDialogs conflict={moves.conflict} onResolve={moves.resolve} />
      <TellDialog question={moves.question} onAnswer={moves.answer} resources={data.allResources} />
      <BookingDrawer booking={opened} onClose={() => setOpenId(null)} onChanged={() => (opened ? data.refreshBooking(opened.Id) : data.reload())} />
    </Box>
  );
}
