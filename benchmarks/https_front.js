// The site as deployed: HTTPS with HTTP/2 in front of the one-port Reflex server, as nginx or
// Caddy would put it (browsers speak HTTP/2 only over TLS; plain HTTP/1.1 on localhost makes a
// page's ~14 script chunks queue on six connections, which Lighthouse's model then charges).
// Websockets (Reflex's events) go through as HTTP/1.1 upgrades.
//
//   node https_front.js <listen port> <site port> <cert.pem> <key.pem>
'use strict';
const fs = require('fs');
const http2 = require('http2');
const proxy = require('http2-proxy');

const [listenPort, sitePort, certFile, keyFile] = process.argv.slice(2);
const upstream = {
  hostname: '127.0.0.1',
  port: Number(sitePort),
  // Keep the address the browser asked for, as `proxy_set_header Host $host` does.
  onReq: (req, options) => {
    options.headers.host = req.headers[':authority'] || req.headers.host;
  },
};

const server = http2.createSecureServer({
  cert: fs.readFileSync(certFile),
  key: fs.readFileSync(keyFile),
  allowHTTP1: true,
});
server.on('request', (req, res) => {
  proxy.web(req, res, upstream, (err) => {
    if (!err) return;
    console.error('proxy error', req.url, err.message);
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
});
server.on('upgrade', (req, socket, head) => {
  proxy.ws(req, socket, head, upstream, (err) => {
    if (err) socket.destroy();
  });
});
server.listen(Number(listenPort), () => console.log(`https front on ${listenPort} -> ${sitePort}`));
