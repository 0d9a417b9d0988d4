import { useCallback, useState } from 'react';
import { useNotify, useStore } from 'react-admin';
import type { Booking } from '../../common/bookings/bookingTypes';
import { apiErrorInfo, isLicenseLimit, useApi } from '../../common/api';
import { collisions, shadesAt, toWire, type BoardEvent, type Shade } from './model';

/** A booking on its way to a new time and perhaps another resource. */
export interface Move {
  event: BoardEvent;
  start: Date;
  end: Date;
  resourceId: number;
  /** Whether the customer was told of it (undefined: the booking's own flags decided); its undo is told alike. */
  tell?: boolean;
}

/** What the board does about telling the customer of a move: ask each time, or the remembered choice. */
export type TellOnMove = 'ask' | 'tell' | 'silent';
export const TELL_ON_MOVE_KEY = 'scheduler.tellOnMove';

/** A move waiting for the user to say whether its customer is told. */
export interface TellQuestion {
  move: Move;
  outside: boolean;
}

/**
 * Why a move waits for the user, every reason at once: the server's refusal (a taken time, or one
 * outside the schedules), the bookings already there, the closed hours and the time exceptions it
 * falls on. `choice` is what the user may do besides keeping the old time.
 */
export interface MoveConflict {
  move: Move;
  /** The server refused the move (409 taken, 400 outside the schedules); undefined when asked before sending. */
  refused?: 'taken' | 'outside';
  /** The server's message, in the user's language. */
  message: string;
  colliding: Booking[];
  /** The new time lies (partly) outside the resource's opening hours. */
  closed: boolean;
  exceptions: Shade[];
  /** 'anyway': send as it is (over a time exception); 'outside': send allowing a time outside the schedules. */
  choice: 'anyway' | 'outside' | null;
}

export interface BoardMoves {
  /** Where moved bookings are drawn until the board has reloaded. */
  placed: ReadonlyMap<string, Move>;
  conflict: MoveConflict | null;
  /** The move whose customer may be told, waiting for the user's answer. */
  question: TellQuestion | null;
  /** The answer: tell or not (and whether to remember it), or null to keep the old time. */
  answer: (tell: boolean | null, remember: boolean) => void;
  /** The last move made, which `undo` takes back. */
  last: Move | null;
  request: (move: Move) => void;
  /** The conflict's choice: go on (anyway, or outside the schedules) or keep the old time. */
  resolve: (choice: 'proceed' | 'outside' | 'keep') => void;
  undo: () => void;
}

/** Whether the booking has a customer who can be told (an e-mail address or a phone number). */
const hasContact = (m: Move) => Boolean(m.event.booking.Customer?.Email || m.event.booking.Customer?.Phone);

const sameSpot = (m: Move) => m.resourceId === m.event.resourceId && m.start.getTime() === m.event.start.getTime() && m.end.getTime() === m.event.end.getTime();

/**
 * Moving and resizing on the board: a drop on a time exception asks first (the time-exception
 * conflict); otherwise the booking's move (PUT /bookings/resources/move, to another resource) or time
 * change (PUT /bookings/{Id}) is sent, and the server checks availability again. A taken time (409)
 * or one outside the schedules (400 on From) opens the conflict dialog, which may book outside the
 * schedules (allowed on the scheduler). Either dialog names every reason the board knows of at once
 * (the bookings there, closed hours, time exceptions, the server's message), so a refusal is never
 * followed by a second dialog with a reason the first left out. Before a move of a booking with a
 * customer is sent, the user is asked whether the customer is told (issue 30), unless they chose to
 * remember an answer (TELL_ON_MOVE_KEY, also set in the toolbar); an undo is told as its move was.
 * The booking is drawn at its new place while the call runs.
 */
export function useBoardMoves(events: readonly BoardEvent[], shades: readonly Shade[], refresh: (bookingId: number) => Promise<void>): BoardMoves {
  const api = useApi();
  const notify = useNotify();
  const [placed, setPlaced] = useState<Map<string, Move>>(new Map());
  const [conflict, setConflict] = useState<MoveConflict | null>(null);
  const [last, setLast] = useState<Move | null>(null);
  const [question, setQuestion] = useState<TellQuestion | null>(null);
  const [tellOnMove, setTellOnMove] = useStore<TellOnMove>(TELL_ON_MOVE_KEY, 'ask');

  const place = (key: string, move: Move | null) =>
    setPlaced((now) => {
      const next = new Map(now);
      if (move) next.set(key, move);
      else next.delete(key);
      return next;
    });

  /** What the board knows about the new place: the bookings there, its closed hours and time exceptions. */
  const reasons = useCallback(
    (move: Move): Omit<MoveConflict, 'choice'> => {
      const here = shadesAt(shades, move.resourceId, move.start, move.end);
      return {
        move,
        message: '',
        colliding: collisions(events, move.event.booking.Id, move.resourceId, move.start, move.end),
        closed: here.some((s) => s.kind === 'closed'),
        exceptions: here.filter((s) => s.kind === 'exception'),
      };
    },
    [events, shades],
  );

  const send = useCallback(
    async (move: Move, outside: boolean, isUndo = false) => {
      const { event, start, end, resourceId, tell } = move;
      const id = event.booking.Id;
      place(event.key, move);
      // Told: by e-mail, and by SMS as the booking's confirmations are; not told: by neither.
      const telling = tell === undefined ? {} : tell ? { SendEmailAboutChange: true } : { SendEmailAboutChange: false, SendSmsAboutChange: false };
      try {
        if (resourceId !== event.resourceId) {
          // One call, so that a refused move leaves the booking as it was (the flag is not set on its own first).
          const body = { BookingId: id, FromResourceId: event.resourceId, ToResourceId: resourceId, From: toWire(start), To: toWire(end), ...(outside ? { AllowBookingOutsideSchedules: true } : {}), ...telling };
          await api.call('PUT', '/bookings/resources/move', { body });
        } else {
          await api.call('PUT', `/bookings/${id}`, { body: { From: toWire(start), To: toWire(end), ...(outside ? { AllowBookingOutsideSchedules: true } : {}), ...telling } });
        }
        setLast(isUndo ? null : move);
        notify('scheduler.moved', { type: 'info', undoable: false });
        await refresh(id);
      } catch (error) {
        const info = apiErrorInfo(error);
        if (info.status === 409 || (info.status === 400 && info.fieldErrors.From)) {
          const outsideRefused = info.status === 400;
          const known = reasons(move);
          setConflict({
            ...known,
            refused: outsideRefused ? 'outside' : 'taken',
            message: info.message,
            closed: outsideRefused || known.closed,
            choice: outsideRefused && !outside ? 'outside' : null,
          });
        } else if (!isLicenseLimit(info.status)) notify(info.message || 'custom.common.unknownError', { type: 'error' });
      } finally {
        place(event.key, null);
      }
    },
    [api, notify, reasons, refresh],
  );

  /** Sends the move once it is known whether the customer is told: asked, or as the user chose to remember. */
  const tellThenSend = useCallback(
    (move: Move, outside: boolean) => {
      if (!hasContact(move)) void send(move, outside);
      else if (tellOnMove === 'ask') setQuestion({ move, outside });
      else void send({ ...move, tell: tellOnMove === 'tell' }, outside);
    },
    [send, tellOnMove],
  );

  const request = useCallback(
    (move: Move) => {
      if (sameSpot(move)) return;
      const known = reasons(move);
      // A time exception asks first, and says in the same dialog what else is there (closed hours, bookings):
      // going on then allows a time outside the schedules, so the user is not asked twice.
      if (known.exceptions.length) setConflict({ ...known, choice: known.closed ? 'outside' : 'anyway' });
      else tellThenSend(move, false);
    },
    [reasons, tellThenSend],
  );

  const resolve = useCallback(
    (choice: 'proceed' | 'outside' | 'keep') => {
      const open = conflict;
      setConflict(null);
      if (!open || choice === 'keep') return;
      // A refused move was asked about before it was sent: its retry keeps that answer.
      if (open.refused) void send(open.move, choice === 'outside');
      else tellThenSend(open.move, choice === 'outside');
    },
    [conflict, send, tellThenSend],
  );

  const answer = useCallback(
    (tell: boolean | null, remember: boolean) => {
      const open = question;
      setQuestion(null);
      if (!open || tell === null) return;
      if (remember) setTellOnMove(tell ? 'tell' : 'silent');
      void send({ ...open.move, tell }, open.outside);
    },
    [question, send, setTellOnMove],
  );

  const undo = useCallback(() => {
    if (!last) return;
    const now = events.find((e) => e.booking.Id === last.event.booking.Id && e.resourceId === last.resourceId);
    const moved: BoardEvent = now ?? { ...last.event, key: `${last.event.booking.Id}:${last.resourceId}`, start: last.start, end: last.end, resourceId: last.resourceId };
    void send({ event: moved, start: last.event.start, end: last.event.end, resourceId: last.event.resourceId, tell: last.tell }, false, true);
  }, [last, events, send]);

  return { placed, conflict, question, answer, last, request, resolve, undo };
}
