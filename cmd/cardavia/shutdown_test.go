package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestServeProcess is not a test: TestGracefulShutdown runs the test binary again with this
// one selected and CARDAVIA_TEST_SERVE set, and it then is the cardavia server, signals and
// all, exiting with the server's exit code.
func TestServeProcess(t *testing.T) {
	args := os.Getenv("CARDAVIA_TEST_SERVE")
	if args == "" {
		t.Skip("the server process of TestGracefulShutdown")
	}
	os.Exit(mainExit(strings.Fields(args)))
}

// syncBuffer is a bytes.Buffer that the process's output can be written to while the test
// reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// waitFor polls until cond holds, or fails the test after d.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// serverProcess is the cardavia server running as a process of its own.
type serverProcess struct {
	cmd            *exec.Cmd
	stdout, stderr *syncBuffer
	exited         chan error
	port, base     string
}

// startServerProcess starts the server on a free loopback port with its bolt store in dir,
// and waits until it listens.
func startServerProcess(t *testing.T, dir string) *serverProcess {
	t.Helper()
	return startServerWith(t, "-addr 127.0.0.1:0 -metrics-addr off -store bolt -data "+dir)
}

// startServerWith starts the server with args (no argument may hold a space) and waits until
// it listens; args must listen on a loopback port of its own.
func startServerWith(t *testing.T, args string) *serverProcess {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := &serverProcess{stdout: &syncBuffer{}, stderr: &syncBuffer{}, exited: make(chan error, 1)}
	p.cmd = exec.Command(self, "-test.run", "^TestServeProcess$")
	p.cmd.Env = append(os.Environ(), "CARDAVIA_TEST_SERVE="+args)
	p.cmd.Stdout, p.cmd.Stderr = p.stdout, p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exited <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			_ = p.cmd.Process.Kill()
			<-p.exited
		}
	})
	addrRE := regexp.MustCompile(`open http://localhost:(\d+)`)
	waitFor(t, 30*time.Second, "the server to listen", func() bool { return addrRE.MatchString(p.stderr.String()) })
	p.port = addrRE.FindStringSubmatch(p.stderr.String())[1]
	p.base = "http://127.0.0.1:" + p.port
	return p
}

// A move that is in flight when the server is sent SIGTERM is answered, and saved: the server
// stops taking connections, lets the request finish, closes the store after it and exits 0.
// The move is a visitor's first (it stores a match), its body sent in two halves with
// the signal in between, so the request is certainly running when the shutdown begins.
func TestGracefulShutdown(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	dir := t.TempDir()
	srv := startServerProcess(t, dir)
	port, base := srv.port, srv.base

	// A visitor's table: a cookie and the move number of the match their first move stores.
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	move := tableMove(t, client, base)
	u, _ := url.Parse(base)
	var cookie strings.Builder
	for _, c := range jar.Cookies(u) {
		fmt.Fprintf(&cookie, "%s=%s; ", c.Name, c.Value)
	}

	// The first move begun, headers and half of the body: a restart, the one move that is
	// legal in every position.
	body := url.Values{"move": {move}}.Encode()
	conn, err := net.Dial("tcp", "127.0.0.1:"+port)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /asnas/restart HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nOrigin: %s\r\nCookie: %s\r\n"+
		"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s",
		port, base, cookie.String(), len(body), body[:len(body)/2])
	time.Sleep(200 * time.Millisecond) // the server has read the headers: the request is running

	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 10*time.Second, "the shutdown to begin", func() bool { return strings.Contains(srv.stdout.String(), `"shutting down"`) })
	// New connections are refused, while the move is still waiting for its body. The log line
	// comes just before the listener closes, and until it does the kernel completes a dial
	// into its backlog (a busy CI machine once took that gap): the test waits for the refusal,
	// and the server must not have exited meanwhile (below).
	waitFor(t, 5*time.Second, "new connections to be refused after SIGTERM", func() bool {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+port, time.Second)
		if err == nil {
			c.Close()
		}
		return err != nil
	})
	select {
	case err := <-srv.exited:
		t.Fatalf("the server exited with a request in flight: %v\n%s", err, srv.stdout.String())
	case <-time.After(300 * time.Millisecond):
	}
	if strings.Contains(srv.stdout.String(), `"store closed"`) {
		t.Fatal("the store closed with a request in flight")
	}

	// The rest of the body: the move is applied, saved and answered.
	if _, err := io.WriteString(conn, body[len(body)/2:]); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	answer, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("the in-flight move got no answer: %v\n%s", err, srv.stdout.String())
	}
	answer.Body.Close()
	if answer.StatusCode != http.StatusSeeOther || answer.Header.Get("Location") != "/asnas" {
		t.Fatalf("the in-flight move: %d to %q, want 303 to /asnas", answer.StatusCode, answer.Header.Get("Location"))
	}

	select {
	case err := <-srv.exited:
		if err != nil {
			t.Fatalf("the server exited with %v\n%s%s", err, srv.stdout.String(), srv.stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the server did not exit after its last request")
	}
	logged := srv.stdout.String()
	shut, req, closed := strings.Index(logged, `"shutting down"`), strings.Index(logged, `"route":"/asnas/restart"`), strings.Index(logged, `"store closed"`)
	if shut < 0 || req < shut || closed < req {
		t.Errorf("want the log to say: shutting down, then the move, then store closed; it said:\n%s", logged)
	}

	// The store was closed cleanly and kept the move: started again on it, the server shows
	// the visitor the match the restart dealt, not the one their cookie would deal afresh.
	again := startServerProcess(t, dir)
	if after := tableMove(t, client, again.base); after == move {
		t.Errorf("after the restart the table is at move %s again: the in-flight move was lost", move)
	}
	if err := again.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := <-again.exited; err != nil {
		t.Errorf("the second server exited with %v", err)
	}
}

// tableMove fetches the visitor's As-Nas table and returns its move number.
func tableMove(t *testing.T, client *http.Client, base string) string {
	t.Helper()
	resp, err := client.Get(base + "/asnas")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := regexp.MustCompile(`name="move" value="(\d+)"`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("no move number on the table page (%d)", resp.StatusCode)
	}
	return string(m[1])
}

// cardavia load -spawn starts the server itself, plays against it and reports both
// processes' CPU, then stops it.
func TestLoadSpawnsItsServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	old := serverCommand
	t.Cleanup(func() { serverCommand = old })
	serverCommand = func(self string, args ...string) *exec.Cmd {
		cmd := exec.Command(self, "-test.run", "^TestServeProcess$")
		cmd.Env = append(os.Environ(), "CARDAVIA_TEST_SERVE="+strings.Join(args, " "))
		return cmd
	}
	var out bytes.Buffer
	err := runLoad(context.Background(), []string{"-spawn", "-players", "4", "-duration", "3s", "-ramp", "500ms", "-no-baseline"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	report := out.String()
	m := regexp.MustCompile(`requests +(\d+) .* errors (\d+)`).FindStringSubmatch(report)
	if m == nil || m[1] == "0" || m[2] != "0" {
		t.Errorf("want requests and no errors:\n%s", report)
	}
	if !regexp.MustCompile(`server \d+\.\d+ cores, \d+\.\d+ ms a request`).MatchString(report) && runtime.GOOS == "linux" {
		t.Errorf("no server CPU in the report:\n%s", report)
	}
	// The spawned server's metrics listener gives the window's searches (none, or a few,
	// at the site's default level) and the AI's time per request.
	if !regexp.MustCompile(`server +Guandan searches \d+ .*; AI (asnas|guandan)/\w+: \d+ requests`).MatchString(report) {
		t.Errorf("no search slots or AI time from the server's metrics in the report:\n%s", report)
	}
}
