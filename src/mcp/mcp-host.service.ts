import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnModuleInit,
  type Type,
} from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SiteLinks } from '../common/http/site-links.js';
import { RateLimitService } from '../common/rate-limit/rate-limit.service.js';
import { AppConfig } from '../config/app-config.js';
import { discoveryDocuments, registerDiscovery } from './endpoints/discovery.js';
import { MCP_EXTRA_PROFILES, MCP_PROFILES } from './endpoints/profile.js';
import { McpServerRuntime } from './protocol/engine.js';
import { registerMcpTransport } from './protocol/http-transport.js';
import { KeepaliveStreams } from './protocol/keepalive-streams.js';
import { McpFront } from './protocol/mcp-front.js';
import type { GateContext, McpProfile } from './protocol/server-profile.js';
import { compileCatalog, createSchemaCompiler, ToolRegistryError } from './registry/tool-registry.js';

/**
 * Builds every server's runtime once at boot (schemas compiled, lists serialized), mounts the
 * servers on their own Fastify instance in front of the app's HTTP server (McpFront) and the
 * discovery documents on the app's instance.
 */
@Injectable()
export class McpHost implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('McpHost');
  private readonly streams: KeepaliveStreams;
  private runtimeList: McpServerRuntime[] = [];
  private front?: McpFront;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly moduleRef: ModuleRef,
    private readonly config: AppConfig,
    private readonly rateLimits: RateLimitService,
    private readonly links: SiteLinks,
    @Inject(MCP_PROFILES) private readonly profiles: McpProfile[],
    @Inject(MCP_EXTRA_PROFILES) private readonly extraProfiles: McpProfile[],
  ) {
    this.streams = new KeepaliveStreams(config.sseLimits);
  }

  /** The mounted servers (tests walk their tools). */
  get runtimes(): readonly McpServerRuntime[] {
    return this.runtimeList;
  }

  runtime(name: string): McpServerRuntime | undefined {
    return this.runtimeList.find((r) => r.profile.name === name);
  }

  onModuleInit(): void {
    const profiles = [...this.profiles, ...this.extraProfiles];
    const paths = new Set<string>();
    const names = new Set<string>();
    for (const profile of profiles) {
      if (names.has(profile.name)) throw new ToolRegistryError(`Duplicate MCP server name ${profile.name}`);
      names.add(profile.name);
      for (const mount of profile.mounts) {
        if (paths.has(mount.path)) throw new ToolRegistryError(`Duplicate MCP mount path ${mount.path}`);
        paths.add(mount.path);
      }
      if (profile.legacyRevisions.length === 0) throw new ToolRegistryError(`MCP server ${profile.name} serves no legacy revision`);
    }
    const ajv = createSchemaCompiler();
    const gate: GateContext = { config: this.config, resolve: (type) => this.moduleRef.get(type, { strict: false }) };
    const resolve = (type: Type<unknown>): unknown => gate.resolve(type);
    this.runtimeList = profiles.map(
      (profile) =>
        new McpServerRuntime(profile, compileCatalog(profile.name, profile.tools, profile.resources, ajv, resolve), this.rateLimits, gate),
    );

    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    this.front = new McpFront(this.config, fastify.log, [...paths]);
    registerMcpTransport(this.front.instance, {
      runtimes: this.runtimeList,
      config: this.config,
      streams: this.streams,
      gate,
    });
    this.front.serveRawPosts(this.runtimeList);
    registerDiscovery(fastify, discoveryDocuments(profiles, this.config, gate));

    const descriptions: Record<string, string> = {
      community: 'Community MCP server: member lookup, stats, .agent pre-registration, certificate checks.',
      docs: 'Documentation MCP server: search and read these docs as Markdown.',
      recall: 'Recall MCP server: the public memory board for agents.',
    };
    for (const profile of profiles) {
      if (!profile.advertise) continue;
      this.links.add({
        href: profile.mounts[0].path,
        label: profile.card?.title ?? profile.serverInfo.title ?? profile.name,
        description: descriptions[profile.name] ?? `${profile.name} MCP server.`,
      });
    }
    this.links.add({ href: '/.well-known/mcp', label: 'MCP discovery', description: 'Manifest of the MCP servers hosted here.' });
    this.logger.log(
      `MCP servers: ${this.runtimeList
        .map((r) => `${r.profile.name} at ${r.profile.mounts.map((m) => m.path).join(', ')} (${r.catalog.tools.size} tools)`)
        .join('; ')}`,
    );
  }

  /** The MCP endpoints start answering once their instance is ready (before the app listens). */
  async onApplicationBootstrap(): Promise<void> {
    const front = this.requireFront();
    await front.instance.ready();
    front.attach(this.adapterHost.httpAdapter.getInstance<FastifyInstance>().server);
  }

  /** Whether a request target is an MCP endpoint (answered by the MCP instance, not the app's). */
  serves(url: string): boolean {
    return this.requireFront().serves(url);
  }

  /** Fastify's inject on the MCP endpoints' instance (tests). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.requireFront().inject(options);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.streams.closeAll();
    await this.front?.close();
  }

  private requireFront(): McpFront {
    if (!this.front) throw new Error('The MCP servers are not mounted yet');
    return this.front;
  }
}
