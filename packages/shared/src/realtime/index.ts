export * from './events.ts';
export * from './rooms.ts';
