# Site settings for catalog.vcl: where the origin is and who may purge. Copy both files to
# /etc/varnish/ and edit this one.

# haproxy in front of the instances (deploy/haproxy/haproxy.cfg). The probe asks /readyz:
# when no instance is ready, the edge serves what it has for its stale-if-error window.
backend default {
	.host = "127.0.0.1";
	.port = "8081";
	.connect_timeout = 2s;
	.first_byte_timeout = 30s;
	.probe = {
		.url = "/readyz";
		.interval = 2s;
		.timeout = 1s;
		.window = 3;
		.threshold = 2;
		.initial = 2;
	}
}

# The origin instances purge after each publish (CDN_PURGE_URL); nobody else may.
acl purgers {
	"127.0.0.1";
	"::1";
}
