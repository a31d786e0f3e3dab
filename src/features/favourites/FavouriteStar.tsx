import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { favourites, favouritesReady, favouritesSaving, startFavourites, toggleFavourite } from '../../state/account/favourites.ts';
import { useSignals } from '../../state/signals.ts';
import './favourites.css';

/** The star that adds a pair to the favourites or takes it out (spec 2.16: header and market list). */
export function FavouriteStar({ symbolId, pair }: { symbolId: string; pair: string }) {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => startFavourites(), []);
  const on = favourites.value.includes(symbolId);
  const busy = !favouritesReady.value || favouritesSaving.value;
  return (
    <button
      type="button"
      className={`favourite-star${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'favourites.remove' : 'favourites.add', { pair })}
      aria-disabled={busy || undefined}
      onClick={(e) => {
        // Inside a row link or a list that closes on choice: the star only stars.
        e.preventDefault();
        e.stopPropagation();
        if (!busy) void toggleFavourite(symbolId);
      }}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span>
    </button>
  );
}
