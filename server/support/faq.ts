import { MAKER_FEE_RATE, TAKER_FEE_RATE } from '../private/market.ts';

const percent = (rate: string) => `${Number(rate) * 100}%`;

/** One answer of the support bot: shown when a question contains enough of its keywords. */
export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
  keywords: string[];
}

/**
 * The support bot's knowledge (spec 2.16 customer service), English; other locales get these
 * until they have their own. Keywords are lower case; a question matches on whole words.
 */
export const FAQ: readonly FaqEntry[] = [
  {
    id: 'deposit',
    question: 'How do I deposit funds?',
    answer: 'This local exchange has no deposits: every account starts with test balances. A demo account can add demo funds from the header once a minute.',
    keywords: ['deposit', 'fund', 'funds', 'money', 'top', 'add', 'balance'],
  },
  {
    id: 'order-types',
    question: 'Which order types can I use?',
    answer: 'Limit, market, conditional (trigger), TP/SL and OCO orders. Open the trade guide from the header for a walk-through of each.',
    keywords: ['order', 'orders', 'limit', 'market', 'conditional', 'oco', 'tpsl', 'trigger', 'type', 'types'],
  },
  {
    id: 'fees',
    question: 'What are the trading fees?',
    answer: `Makers pay ${percent(MAKER_FEE_RATE)} and takers pay ${percent(TAKER_FEE_RATE)} of the trade value; the fee is shown on each fill in your trade history.`,
    keywords: ['fee', 'fees', 'maker', 'taker', 'commission', 'cost'],
  },
  {
    id: 'cancel',
    question: 'How do I cancel an order?',
    answer: 'Use Cancel on the order in Current orders, or drag it off the chart. Cancel all cancels every open order of the tab you are on.',
    keywords: ['cancel', 'cancelling', 'canceling', 'remove', 'delete', 'stop'],
  },
  {
    id: 'unified',
    question: 'What is a unified trading account?',
    answer: 'A unified trading account (UTA) trades spot and margin from one balance. Classic accounts can upgrade from the header; open orders must be closed first.',
    keywords: ['unified', 'uta', 'classic', 'upgrade', 'account', 'margin'],
  },
];
