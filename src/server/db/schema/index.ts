export * from './applications';
export * from './assignments';
export * from './auth';
export * from './featured';
export * from './orgs';
export * from './profiles';
export * from './program-events';
export * from './programs';
