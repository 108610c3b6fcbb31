export * from './browser';
export * from './server';
