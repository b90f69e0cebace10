// A page loaded ahead of its render shows at once: React's Suspense holds back every reveal 300 ms after a
// fallback, so a component that suspended on a chunk already loaded would still cost the page that wait.
import { createElement, Suspense, use } from 'react';
import { renderToString } from 'react-dom/server';
import { preloadable, usable } from '../../src/ui/runtime/preloadable';

const Greeting = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`);
/** What a Suspense boundary around `child` shows on the first render (React's boundary markers and the note of a
 * suspended boundary left out). */
const inSuspense = (child: ReturnType<typeof createElement>) =>
  renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, child)).replace(
    /<!--.*?-->|<template[^>]*><\/template>/gs,
    '',
  );

test('before its chunk is in, the component suspends (its fallback shows); after preload() it renders at once', async () => {
  const loads: string[] = [];
  const Page = preloadable(
    async () => {
      loads.push('page');
      return Greeting;
    },
    async () => loads.push('validator'),
  );
  expect(inSuspense(createElement(Page, { name: 'Amina' }))).toBe('<i>loading</i>');
  await Page.preload();
  await Page.preload();
  expect(inSuspense(createElement(Page, { name: 'Amina' }))).toBe('<p>Hello Amina</p>');
  // The chunk and what it suspends on are each loaded once, side by side.
  expect(loads.sort()).toEqual(['page', 'validator']);
});

test('use() reads a settled usable promise without suspending, where a settled plain one still suspends', async () => {
  const Reads = ({ from }: { from: Promise<string> }) => createElement('b', null, use(from));
  const ready = usable(Promise.resolve('validator'));
  const plain = Promise.resolve('validator');
  await Promise.all([ready, plain]);
  expect(inSuspense(createElement(Reads, { from: ready }))).toBe('<b>validator</b>');
  expect(inSuspense(createElement(Reads, { from: plain }))).toBe('<i>loading</i>');
  expect(inSuspense(createElement(Reads, { from: usable(new Promise<string>(() => undefined)) }))).toBe(
    '<i>loading</i>',
  );
});
