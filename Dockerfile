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
ENV CARDAVIA_ADDR=:8080 \
    CARDAVIA_DATA=/data
USER 65532:65532
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s CMD ["/cardavia", "healthcheck"]
ENTRYPOINT ["/cardavia"]
