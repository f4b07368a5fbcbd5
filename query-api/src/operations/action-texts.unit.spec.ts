import { describe, expect, it } from 'vitest';
import { comparisonText, counted, operatorActionText } from './action-texts';

const rows = (n: number) => counted(n, ['строка', 'строки', 'строк']);

const base = { rebuildId: 'r-1', projection: 'calendar' as const, previousVersion: 2, version: 3, applied: 1234, elapsedMs: 3250 };

describe('operator action texts', () => {
  it('agrees «строка» with its number', () => {
    expect([1, 2, 5, 11, 12, 21, 22, 25, 111, 1001].map(rows)).toEqual(['1 строка', '2 строки', '5 строк', '11 строк', '12 строк', '21 строка', '22 строки', '25 строк', '111 строк', '1 001 строка']);
  });

  it('says each action in Russian', () => {
    expect(operatorActionText({ type: 'ProjectionRebuildRequested', data: { rebuildId: 'r-1', projection: 'calendar' } })).toBe('Запрошена перестройка «calendar»');
    expect(operatorActionText({ type: 'ProjectionRebuildFailed', data: { rebuildId: 'r-1', projection: 'calendar', reason: 'нет связи' } })).toBe('Перестройка «calendar» не удалась: нет связи');
    const equal = { compared: true, equal: true, position: '1', tables: [{ table: 'calendar_cells', onlyLive: 0, onlyRebuilt: 0 }] };
    expect(operatorActionText({ type: 'ProjectionRebuildFinished', data: { ...base, outcome: 'switched', comparison: equal } })).toBe(
      'Перестройка «calendar» завершена: v2 → v3, 1 234 события за 3,3 с; версии совпали, чтение переключено',
    );
    const differing = { ...equal, equal: false, tables: [{ table: 'calendar_cells', onlyLive: 1, onlyRebuilt: 2 }] };
    expect(operatorActionText({ type: 'ProjectionRebuildFinished', data: { ...base, version: 2, outcome: 'kept', comparison: differing } })).toBe(
      'Перестройка «calendar» отменена перед переключением: версии различаются (calendar_cells: 1 строка только в действующей, 2 строки только в новой); оставлена v2, 1 234 события за 3,3 с',
    );
    expect(comparisonText({ compared: false, equal: false, position: null, tables: [] })).toBe('сравнение не проводилось: действующая версия построена другим кодом');
  });
});
