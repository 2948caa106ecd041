import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The environment, validated once at start (api/config.ts). */
    config: Config;
  }
}

export interface ConfigPluginOptions {
  config: Config;
}

/** Decorates the app with its validated configuration. */
export const configPlugin = fp(async (app: FastifyInstance, options: ConfigPluginOptions) => {
  app.decorate('config', options.config);
});
