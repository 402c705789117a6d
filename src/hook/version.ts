// The package version, inlined by the build (scripts/build.mjs); "dev" when running from source.
declare const HOOKSHIM_VERSION: string;

export const VERSION: string = typeof HOOKSHIM_VERSION === 'string' ? HOOKSHIM_VERSION : 'dev';
