import { describe, expect, it } from 'vitest';
import { findSearchCalls, readMcpSearchNote } from '../../../src/http/mcp/mcp-search-note.ts';

const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { query: 'x' } } });
const answer = (id: number, structuredContent: object) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'No template mentions "halloween"' }], structuredContent } });

describe('findSearchCalls', () => {
  it('finds the search_templates calls of a message or batch, and nothing else', () => {
    expect([...findSearchCalls(call(1, 'search_templates'))]).toEqual([1]);
    expect([...findSearchCalls([call(1, 'get_template'), call(2, 'search_templates'), { jsonrpc: '2.0', method: 'notifications/initialized' }])]).toEqual([2]);
    expect(findSearchCalls({ jsonrpc: '2.0', id: 3, method: 'tools/list' }).size).toBe(0);
  });
});

describe('readMcpSearchNote', () => {
  it('notes the unmatched plain words and the total of a search answer', () => {
    const text = JSON.stringify(answer(7, { count: 2, total: 11, unmatched: ['halloween', '555-0199'], templates: [] }));
    expect(readMcpSearchNote(text, new Set([7]))).toBe('11;halloween');
  });

  it('notes a search that found nothing, even with every word known', () => {
    expect(readMcpSearchNote(JSON.stringify(answer(1, { count: 0, total: 0, unmatched: [] })), new Set([1]))).toBe('0;');
  });

  it('notes nothing for a search that found every word and something, or for another call\'s answer', () => {
    expect(readMcpSearchNote(JSON.stringify(answer(1, { count: 3, total: 3, unmatched: [] })), new Set([1]))).toBeUndefined();
    expect(readMcpSearchNote(JSON.stringify(answer(2, { count: 1, total: 1, unmatched: ['halloween'] })), new Set([1]))).toBeUndefined();
    expect(readMcpSearchNote('{"unmatched":["x" not json', new Set([1]))).toBeUndefined();
  });

  it('notes the first search of a batch that has a note', () => {
    const text = JSON.stringify([answer(1, { count: 3, total: 3, unmatched: [] }), answer(2, { count: 1, total: 4, unmatched: ['gala'] }), answer(3, { count: 0, total: 0, unmatched: ['zzz'] })]);
    expect(readMcpSearchNote(text, new Set([1, 2, 3]))).toBe('4;gala');
  });
});
