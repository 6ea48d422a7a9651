package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"

	"github.com/cardavia/cardavia/static"
)

// Content codings we send, best first.
const (
	codingBrotli   = "br"
	codingGzip     = "gzip"
	codingIdentity = ""
)

// pickCoding chooses the response coding from Accept-Encoding (RFC 9110 §12.5.3): brotli when
// the client takes it, else gzip, else none. A q=0 refuses a coding. This is the choice for
// files compressed once; pages use pickPageCoding.
func pickCoding(acceptEncoding string) string {
	br, gz := acceptedCodings(acceptEncoding)
	switch {
	case br:
		return codingBrotli
	case gz:
		return codingGzip
	}
	return codingIdentity
}

// pickPageCoding is the coding for a page rendered per request: gzip when the client takes
// it. Measured on a 28 KB table page (BenchmarkCompressTablePage), brotli at a level fast
// enough for every request costs about four times gzip's CPU for some 15 % fewer bytes, and
// under a crowd the CPU is what runs out; a client that takes only brotli still gets it.
func pickPageCoding(acceptEncoding string) string {
	br, gz := acceptedCodings(acceptEncoding)
	switch {
	case gz:
		return codingGzip
	case br:
		return codingBrotli
	}
	return codingIdentity
}

func acceptedCodings(acceptEncoding string) (br, gz bool) {
	for part := range strings.SplitSeq(acceptEncoding, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		ok := true
		if q, found := strings.CutPrefix(strings.TrimSpace(params), "q="); found {
			v, err := strconv.ParseFloat(q, 64)
			ok = err == nil && v > 0
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "br":
			br = ok
		case "gzip", "x-gzip":
			gz = ok
		}
	}
	return br, gz
}

// minCompressBytes: below this a compressed body would hardly be smaller.
const minCompressBytes = 512

// Dynamic pages are compressed at a fast level (they are a few kilobytes and rendered per
// request); static files once at the best level.
const (
	pageBrotliLevel = 4
	pageGzipLevel   = 1
)

// pageWriters are the pooled page-level encoders by coding.
var pageWriters = map[string]*sync.Pool{
	codingBrotli: {New: func() any { return brotli.NewWriterLevel(io.Discard, pageBrotliLevel) }},
	codingGzip:   {New: func() any { w, _ := gzip.NewWriterLevel(io.Discard, pageGzipLevel); return w }},
}

// resetWriter is a pooled encoder: brotli's and gzip's writers both.
type resetWriter interface {
	io.WriteCloser
	Reset(io.Writer)
}

// buffers are the pages' render and compression buffers, reused: a table page is 15-40 KB,
// and growing a fresh buffer to that size on every request was a tenth of a page's CPU.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledBuffer is the largest buffer kept for reuse; a rare huge page does not pin its
// memory.
const maxPooledBuffer = 256 << 10

func getBuffer() *bytes.Buffer { return buffers.Get().(*bytes.Buffer) }

func putBuffer(b *bytes.Buffer) {
	if b.Cap() > maxPooledBuffer {
		return
	}
	b.Reset()
	buffers.Put(b)
}

// compressPage encodes body in coding into out with the pooled page-level writers.
func compressPage(out *bytes.Buffer, coding string, body []byte) {
	pool := pageWriters[coding]
	if pool == nil {
		return
	}
	w := pool.Get().(resetWriter)
	w.Reset(out)
	_, _ = w.Write(body)
	_ = w.Close()
	pool.Put(w)
}

// writeBody writes a rendered page, compressed when the client accepts it.
func writeBody(w http.ResponseWriter, r *http.Request, status int, body []byte) error {
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	if len(body) >= minCompressBytes {
		if c := pickPageCoding(r.Header.Get("Accept-Encoding")); c != codingIdentity {
			out := getBuffer()
			defer putBuffer(out)
			compressPage(out, c, body)
			body = out.Bytes()
			h.Set("Content-Encoding", c)
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return nil
	}
	_, err := w.Write(body)
	return err
}

// encodedFile is a static file in each coding, with an ETag per coding.
type encodedFile struct {
	contentType string
	bodies      map[string][]byte
	etags       map[string]string
}

// encodeFile compresses body once at the best levels, keeping a coding only when it saves.
func encodeFile(name string, body []byte) *encodedFile {
	ct := map[string]string{".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".js": "text/javascript; charset=utf-8"}[path.Ext(name)]
	if ct == "" {
		ct = "application/octet-stream"
	}
	f := &encodedFile{contentType: ct, bodies: map[string][]byte{codingIdentity: body}, etags: map[string]string{}}
	if len(body) >= minCompressBytes {
		var br bytes.Buffer
		bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
		_, _ = bw.Write(body)
		_ = bw.Close()
		var gz bytes.Buffer
		gw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		_, _ = gw.Write(body)
		_ = gw.Close()
		for c, b := range map[string][]byte{codingBrotli: br.Bytes(), codingGzip: gz.Bytes()} {
			if len(b) < len(body) {
				f.bodies[c] = b
			}
		}
	}
	sum := sha256.Sum256(body)
	tag := hex.EncodeToString(sum[:8])
	for c := range f.bodies {
		if c == codingIdentity {
			f.etags[c] = `"` + tag + `"`
		} else {
			f.etags[c] = `"` + tag + "-" + c + `"`
		}
	}
	return f
}

// serve answers with the best coding the client takes, through http.ServeContent: ETag,
// If-None-Match (304), HEAD and ranges come from the standard library. ServeContent leaves
// out Content-Length when Content-Encoding is set (in case a wrapper compresses on the fly),
// so a whole compressed file went out chunked and a HEAD without its length; the length of
// the whole body is set here, and ServeContent replaces it for a range and drops it for a 304.
func (f *encodedFile) serve(w http.ResponseWriter, r *http.Request) {
	c := pickCoding(r.Header.Get("Accept-Encoding"))
	if _, ok := f.bodies[c]; !ok {
		c = codingIdentity
	}
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Add("Vary", "Accept-Encoding")
	h.Set("ETag", f.etags[c])
	if c != codingIdentity {
		h.Set("Content-Encoding", c)
		// Not for a range (ServeContent sets the part's length) nor under If-Match or
		// If-Unmodified-Since, whose 412 ServeContent sends with no body and this length kept.
		if r.Header.Get("Range") == "" && r.Header.Get("If-Match") == "" && r.Header.Get("If-Unmodified-Since") == "" {
			h.Set("Content-Length", strconv.Itoa(len(f.bodies[c])))
		}
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(f.bodies[c]))
}

// encodedAssets are the embedded files, each compressed once per process (at start-up: New
// calls it), keyed by hashed name.
var encodedAssets = sync.OnceValue(func() map[string]*encodedFile {
	files := map[string]*encodedFile{}
	for _, a := range static.Load().All() {
		files[a.Hashed] = encodeFile(a.Name, a.Body)
	}
	return files
})

// serveStatic serves an embedded file by its content-hashed name, cacheable forever: a changed
// file gets a new name.
func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request) {
	files := encodedAssets()
	f, ok := files[strings.TrimPrefix(r.URL.Path, "/static/")]
	if !ok {
		s.writeErrorPage(w, r, http.StatusNotFound, "")
		return
	}
	f.serve(w, r)
}
