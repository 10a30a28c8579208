vcl 4.1;
#
# Edge rules for the Template Catalog: Varnish 7 with varnish-modules' xkey (Debian bookworm:
# `apt-get install varnish varnish-modules`). The origin decides lifetimes (Cache-Control with
# s-maxage, from src/core/cdn/cache-policy.ts) and names what each answer shows (the xkey
# header, with CACHE_TAG_HEADER=xkey). This file keeps the number of variants small, keeps
# per-client headers out of shared copies, passes MCP, and offers the purge endpoint every
# origin instance calls after it switches to a new build (CDN_PURGE_URL).
#
# Site settings (the backend, who may purge) live in catalog-site.vcl beside this file.
# Check: varnishd -C -f /etc/varnish/catalog.vcl >/dev/null  (the C it compiles to goes to stderr)

import std;
import xkey;

include "./catalog-site.vcl";

sub vcl_recv {
	if (req.method == "PURGE") {
		call catalog_purge;
	}
	# The catalog reads no cookie and no credential; left in, they would make the built-in
	# rules pass every request of a browser that holds a cookie for the domain.
	unset req.http.Cookie;
	unset req.http.Authorization;
	# Every answer names its request: a usable id the client sent (the origin's rule), else
	# Varnish's own transaction id, sent on to the origin so its log line says the same.
	if (req.http.X-Request-Id !~ "^[\x21\x23-\x5b\x5d-\x7e]{1,128}$") {
		set req.http.X-Request-Id = "varnish-" + req.xid;
	}

	# MCP: JSON-RPC over POST, one answer per request. It keeps its Accept and Mcp-* headers.
	if (req.url ~ "^/api/mcp(/|\?|$)" && req.url !~ "^/api/mcp/server-card") {
		return (pass);
	}
	if (req.method != "GET" && req.method != "HEAD") {
		return (pass);
	}
	set req.url = std.querysort(req.url);
	call catalog_normalize_encoding;
	if (req.url !~ "^/api/") {
		call catalog_normalize_accept;
	}
	# While the origin answers, an expired answer is served at most this long while it is
	# refetched; while the origin fails, for the answer's whole stale-if-error window.
	if (std.healthy(req.backend_hint)) {
		set req.grace = 60s;
	}
	return (hash);
}

# PURGE / with `xkey-purge: tag tag …` drops every answer carrying one of the tags (a hard
# purge: the next request fetches the new answer); `x-purge-all: yes` bans everything.
sub catalog_purge {
	if (client.ip !~ purgers) {
		return (synth(403, "Purging is not allowed from this address"));
	}
	if (req.http.x-purge-all == "yes") {
		ban("obj.status != 0");
		return (synth(200, "Banned every object"));
	}
	if (!req.http.xkey-purge) {
		return (synth(400, "Name the cache tags to purge in the xkey-purge header"));
	}
	set req.http.x-purged = xkey.purge(req.http.xkey-purge);
	return (synth(200, "Purged " + req.http.x-purged + " objects"));
}

# One cached copy per coding the origin makes: br, gzip or identity. Varnish itself would
# rewrite Accept-Encoding to gzip (dropping br) and ignore it in Vary, so the choice is kept
# in a header of our own, hashed (vcl_hash), and restored on the backend request.
sub catalog_normalize_encoding {
	if (req.http.Accept-Encoding ~ "(?i)(^|[\s,])br\s*(,|;(?!\s*q\s*=\s*0(\.0*)?\s*(,|$))|$)") {
		set req.http.X-Catalog-Coding = "br";
	} elsif (req.http.Accept-Encoding ~ "(?i)(^|[\s,])(x-)?gzip\s*(,|;(?!\s*q\s*=\s*0(\.0*)?\s*(,|$))|$)") {
		set req.http.X-Catalog-Coding = "gzip";
	} else {
		set req.http.X-Catalog-Coding = "identity";
	}
	if (req.http.X-Catalog-Coding == "identity") {
		unset req.http.Accept-Encoding;
	} else {
		set req.http.Accept-Encoding = req.http.X-Catalog-Coding;
	}
}

# Pages answer HTML or their Markdown twin by Accept (Vary: Accept): two values, so two
# variants. Markdown when text/markdown is named (not at q=0), unless text/html comes before
# it at full weight or it is weighted below a full-weight text/html: the origin's own choice
# for the Accept headers browsers and agents send. Not on /api/ (MCP needs its Accept).
sub catalog_normalize_accept {
	if (req.http.Accept ~ "(?i)text/markdown" &&
	    req.http.Accept !~ "(?i)text/markdown\s*;\s*q\s*=\s*0(\.0*)?\s*(,|$)" &&
	    req.http.Accept !~ "(?i)text/html\s*,.*text/markdown" &&
	    !(req.http.Accept ~ "(?i)text/markdown\s*;\s*q\s*=\s*0\." && req.http.Accept ~ "(?i)text/html\s*(,|$)")) {
		set req.http.Accept = "text/markdown";
	} else {
		set req.http.Accept = "text/html";
	}
}

sub vcl_hash {
	hash_data(req.http.X-Catalog-Coding);
}

sub vcl_backend_fetch {
	if (bereq.http.X-Catalog-Coding) {
		if (bereq.http.X-Catalog-Coding == "identity") {
			unset bereq.http.Accept-Encoding;
		} else {
			set bereq.http.Accept-Encoding = bereq.http.X-Catalog-Coding;
		}
		unset bereq.http.X-Catalog-Coding;
	}
}

sub vcl_backend_response {
	if (bereq.uncacheable) {
		return (deliver);
	}
	# A refetch that fails keeps the answer already cached (served within its grace).
	if (beresp.status >= 500 && bereq.is_bgfetch) {
		return (abandon);
	}
	# Only complete answers are kept: errors, 404 and 429 never, whatever they say.
	if (beresp.status != 200 || beresp.ttl <= 0s || beresp.http.Set-Cookie ||
	    beresp.http.Cache-Control ~ "(?i)no-store|no-cache|private" || beresp.http.Vary == "*") {
		set beresp.ttl = 10s;
		set beresp.uncacheable = true;
		return (deliver);
	}
	# The rate-limit headers describe the client that missed, not the ones served the copy.
	if (bereq.url ~ "^/api/") {
		unset beresp.http.RateLimit;
		unset beresp.http.RateLimit-Policy;
		unset beresp.http.X-RateLimit-Limit;
		unset beresp.http.X-RateLimit-Remaining;
		unset beresp.http.X-RateLimit-Reset;
	}
	# stale-if-error: kept past its lifetime, served that long only while the origin fails.
	if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
		set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), beresp.grace);
	}
	return (deliver);
}

sub vcl_deliver {
	# Cache tags are for the purge, not for clients.
	unset resp.http.xkey;
	# A cached answer holds the id of the request that filled it; this one has its own.
	set resp.http.X-Request-Id = req.http.X-Request-Id;
	if (obj.uncacheable) {
		set resp.http.X-Cache = "pass";
	} elsif (obj.hits > 0) {
		set resp.http.X-Cache = "hit";
	} else {
		set resp.http.X-Cache = "miss";
	}
}
