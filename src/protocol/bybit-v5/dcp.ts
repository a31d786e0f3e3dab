// Bybit's disconnection protection (DCP): the paths, the private topic a connection holds to be
// protected, the cancel type of the orders it cancels, and the page's range of the window.
export const DCP_SET_PATH = '/v5/order/disconnected-cancel-all';
export const DCP_INFO_PATH = '/v5/account/query-dcp-info';
export const DCP_SPOT_TOPIC = 'dcp.spot';
export const DCP_CANCEL_TYPE = 'CancelByDCP';
/** The page offers 10–300 s (Bybit accepts from 3); 10 is Bybit's default. */
export const DCP_PAGE_MIN_S = 10;
export const DCP_PAGE_MAX_S = 300;
export const DCP_DEFAULT_S = 10;
