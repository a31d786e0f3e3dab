import type { Order } from '../../src/core/order-types.ts';
import type { SymbolLimits, BalanceContext, OrderDraft } from '../../src/core/order-rules.ts';
import { EMPTY_DRAFT } from '../../src/core/order-rules.ts';

export function order(over: Partial<Order> = {}): Order {
  return {
    orderId: '1', clientOrderId: 'c1', symbolId: 'BTCUSDT', side: 'Buy', type: 'LIMIT', planType: 0, price: '100', origQty: '1',
    executedQty: '0', amount: '0', avgPrice: '', marketUnit: '', status: 'NEW', rawStatus: 'New', time: 1, updatedTime: 1,
    triggerPrice: '', activationPrice: '', trailingValue: '', trailingPercentage: '', takeProfit: '', stopLoss: '', tpLimitPrice: '',
    slLimitPrice: '', ocoTrigger: '', isLeverage: false, closing: false, blockTrade: false, createType: 'user', cancelType: '', rejectReason: '',
    ...over,
  };
}

export const LIMITS: SymbolLimits = {
  tickSize: '0.01', lotSize: '0.001', minQty: '0.001', maxQty: '100', minAmount: '5', maxAmount: '1000000', pricePrecision: 2, amountPrecision: 5,
};

export const CTX: BalanceContext = { lastPrice: '100', available: '1000', isUnified: false, editing: false, innovationRemaining: null };

export const draft = (over: Partial<OrderDraft>): OrderDraft => ({ ...EMPTY_DRAFT, ...over });
