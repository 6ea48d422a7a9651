# syntax=docker/dockerfile:1

# Build: a static binary with everything (templates, catalogs, CSS, card art) embedded.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/cardavia ./cmd/cardavia \
 && mkdir -p /out/data

# Run: distroless, no shell, a non-root user; the data directory (match database and the
# generated session keys) is a volume so that a new container keeps every match and login.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/cardavia /cardavia
COPY --from=build --chown=65532:65532 /out/data /data
# Metrics listen on every interface of the container so a scraper on the private network can
# reach them; publish only 8080 to the public (docker run -p 8080:8080).
ENV CARDAVIA_ADDR=:8080 \
    CARDAVIA_METRICS_ADDR=:9090 \
    CARDAVIA_DATA=/data
USER 65532:65532
VOLUME ["/data"]
EXPOSE 8080 9090
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s CMD ["/cardavia", "healthcheck"]
ENTRYPOINT ["/cardavia"]
