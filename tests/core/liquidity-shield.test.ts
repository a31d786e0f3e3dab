import { describe, expect, it } from 'vitest';
import { showsLiquidityShield, type ComplianceConfig } from '../../src/core/liquidity-shield.ts';
import { DEFAULT_COMPLIANCE_CONFIG as LOCAL_COMPLIANCE_CONFIG, decodeComplianceConfig } from '../../src/protocol/compliance.ts';

const allowed: ComplianceConfig = { liquidityShield: true, slippageCompensationSymbols: ['BTCUSDT', 'ETHUSDT'], ordersPanel: true, displayOptions: true, ocoCurrent: true, ocoHistory: true, rewardsHub: true, ltRecords: true, spotMargin: true };

describe('liquidity-shield link (spec 2.8)', () => {
  it('shows when compliance allows it, the symbol is covered and the user is not on demo', () => {
    expect(showsLiquidityShield(allowed, 'BTCUSDT', false)).toBe(true);
    expect(showsLiquidityShield(allowed, 'ETHUSDT', false)).toBe(true);
  });

  it('hides when compliance does not allow it', () => {
    expect(showsLiquidityShield({ ...allowed, liquidityShield: false }, 'BTCUSDT', false)).toBe(false);
  });

  it('hides for a symbol outside the slippage-compensation list', () => {
    expect(showsLiquidityShield(allowed, 'SOLUSDT', false)).toBe(false);
    expect(showsLiquidityShield(allowed, 'btcusdt', false)).toBe(false);
    expect(showsLiquidityShield(allowed, null, false)).toBe(false);
    expect(showsLiquidityShield({ ...allowed, slippageCompensationSymbols: [] }, 'BTCUSDT', false)).toBe(false);
  });

  it('hides for a demo account', () => {
    expect(showsLiquidityShield(allowed, 'BTCUSDT', true)).toBe(false);
  });

  it('the served config keeps the defaults for fields that are missing or of the wrong type', () => {
    expect(decodeComplianceConfig({ liquidityShield: false, ordersPanel: 'no', slippageCompensationSymbols: ['SOLUSDT', 'bad symbol', 3] })).toEqual({
      ...LOCAL_COMPLIANCE_CONFIG,
      liquidityShield: false,
      slippageCompensationSymbols: ['SOLUSDT'],
    });
    expect(decodeComplianceConfig(null)).toEqual(LOCAL_COMPLIANCE_CONFIG);
  });

  it('the local config covers BTCUSDT and ETHUSDT only', () => {
    expect(showsLiquidityShield(LOCAL_COMPLIANCE_CONFIG, 'BTCUSDT', false)).toBe(true);
    expect(showsLiquidityShield(LOCAL_COMPLIANCE_CONFIG, 'ETHUSDT', false)).toBe(true);
    expect(showsLiquidityShield(LOCAL_COMPLIANCE_CONFIG, 'XRPUSDT', false)).toBe(false);
  });
});
