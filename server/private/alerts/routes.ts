// The alert endpoints (issue 35 item 3). Bybit has none, so they sit under /v5/local/alert/*,
// authenticated like every private endpoint (a signature or the page's session).
import { object, oneOf, query, text } from '../../http/schemas.ts';
import { ALERT_CREATE_PATH, ALERT_DELETE_PATH, ALERT_KINDS, ALERT_LIST_PATH } from '../../../src/protocol/alerts.ts';
import { privateGet, privatePost, type RouteContext } from '../routes/context.ts';

const DECIMAL = { type: ['string', 'number'], maxLength: 40 };
const CREATE_BODY = object(
  { kind: oneOf(ALERT_KINDS, ALERT_KINDS.join(', ')), symbol: text(32), price: DECIMAL, percent: DECIMAL, minutes: { type: ['integer', 'string'], maxLength: 6 } },
  ['kind'],
);

export function installAlertRoutes(rc: RouteContext): void {
  const { alerts } = rc.services;
  privatePost(rc, ALERT_CREATE_PATH, CREATE_BODY, (userId, body) => alerts.create(userId, body));
  privateGet(rc, ALERT_LIST_PATH, query({}), (userId) => ({ list: alerts.list(userId) }));
  privatePost(rc, ALERT_DELETE_PATH, object({ alertId: text(32) }, ['alertId']), (userId, body) => alerts.delete(userId, body.alertId));
}
