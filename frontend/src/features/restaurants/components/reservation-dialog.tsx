import { useMemo, useState } from 'react';
import { CalendarCheck, ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ToggleChip } from '@/components/ui/chip';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { ErrorState } from '@/components/ui/states';
import { useEnv } from '@/lib/env';
import {
  DATES_SHOWN,
  DEFAULT_PARTY_SIZE,
  isPastSlot,
  PARTY_SIZES,
  reservationDates,
  reservationUrl,
  TIME_SLOTS,
  timeLabel,
} from './reservation-options';

interface ReservationDialogProps {
  restaurantName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "opentable.com" from the template, for "Booking happens on ...". */
function siteName(template: string): string {
  try {
    return new URL(template).hostname.replace(/^www\./, '');
  } catch {
    return 'the reservation site';
  }
}

/**
 * Spec 2 reservation flow: party size, then a date (reveals the times), then a time (reveals the
 * summary and enables booking). Booking opens the operator's reservation site in a new tab.
 * Loaded lazily by the restaurant page.
 */
export default function ReservationDialog({ restaurantName, open, onOpenChange }: ReservationDialogProps) {
  const env = useEnv();
  // Taken once per opening: the dates and past slots follow the moment the visitor looked.
  const now = useMemo(() => new Date(), []);
  const dates = useMemo(() => reservationDates(now).slice(0, DATES_SHOWN), [now]);
  const [partySize, setPartySize] = useState(DEFAULT_PARTY_SIZE);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);

  const chosenDate = dates.find((d) => d.value === date);
  const slots = date ? TIME_SLOTS.filter((slot) => !isPastSlot(date, slot, now)) : [];
  const template = env.data?.reservationUrlTemplate;
  const site = template ? siteName(template) : 'the reservation site';

  const book = () => {
    if (!template || !date || !time) return;
    const url = reservationUrl(template, { date, time, partySize, name: restaurantName });
    window.open(url, '_blank', 'noopener,noreferrer');
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Make a Reservation"
      description={`Choose a party size, date and time for ${restaurantName}.`}
    >
      <div className="reservation">
        <div className="field">
          <label className="field__label" htmlFor="reservation-party">
            Party size
          </label>
          <select
            id="reservation-party"
            className="input"
            value={partySize}
            onChange={(event) => setPartySize(Number(event.target.value))}
          >
            {PARTY_SIZES.map((size) => (
              <option key={size} value={size}>
                {size} {size === 1 ? 'guest' : 'guests'}
              </option>
            ))}
          </select>
        </div>

        <div className="field">
          <span className="field__label" id="reservation-date-label">
            Date
          </span>
          <div className="chip-grid" role="group" aria-labelledby="reservation-date-label">
            {dates.map((d) => (
              <ToggleChip
                key={d.value}
                className="reservation__date"
                selected={date === d.value}
                onToggle={() => {
                  setDate(d.value);
                  setTime(null);
                }}
              >
                <span>{d.label}</span> <span className="reservation__date-detail">{d.detail}</span>
              </ToggleChip>
            ))}
          </div>
        </div>

        {date ? (
          <div className="field">
            <span className="field__label" id="reservation-time-label">
              Time
            </span>
            {slots.length > 0 ? (
              <div className="chip-grid" role="group" aria-labelledby="reservation-time-label">
                {slots.map((slot) => (
                  <ToggleChip key={slot} selected={time === slot} onToggle={() => setTime(slot)}>
                    {timeLabel(slot)}
                  </ToggleChip>
                ))}
              </div>
            ) : (
              <p className="field__hint">No times left today. Please pick another date.</p>
            )}
          </div>
        ) : null}

        {chosenDate && time ? (
          <p className="notice reservation__summary" role="status">
            <CalendarCheck aria-hidden="true" />
            <span>
              Table for {partySize} at {restaurantName}, {chosenDate.label} {chosenDate.detail} at{' '}
              {timeLabel(time)}
            </span>
          </p>
        ) : null}

        {env.isError ? (
          <ErrorState
            compact
            title="Couldn't load the reservation site"
            message={env.error.message}
            onRetry={() => void env.refetch()}
            retrying={env.isRefetching}
          />
        ) : (
          <p className="field__hint">
            We don&apos;t hold tables: booking opens {site} in a new tab with your choices, where the
            restaurant&apos;s availability is shown and the booking happens.
          </p>
        )}

        <Button block disabled={!template || !date || !time} onClick={book}>
          Book on {site}
          <ExternalLink aria-hidden="true" />
          <span className="sr-only"> (opens in a new tab)</span>
        </Button>
      </div>
    </ResponsiveDialog>
  );
}
