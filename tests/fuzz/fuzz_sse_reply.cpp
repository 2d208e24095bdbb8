// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// libFuzzer entry point for a model's answer: the event stream decoder, the
// protocol (OpenAI or Anthropic events to text) and the reply contract.
// Input: one byte of settings (bit 0: the protocol; bits 1-7: how many cut
// points follow, one byte each), then the stream. The events must not
// depend on where the stream was cut; the text they carry and the input
// itself go through the contract, whose verdict must be consistent: a
// rejection says why and holds no change, an acceptance holds changes that
// each name a file.
#include "FuzzCheck.h"

#include "ApiDialect.h"
#include "ReplyContract.h"
#include "SseParser.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace tileport::llm;
using tileport::fuzz::check;

namespace {

bool sameEvents(const QList<SseEvent> &a, const QList<SseEvent> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i)
        if (a[i].event != b[i].event || a[i].data != b[i].data)
            return false;
    return true;
}

void checkContract(const QString &reply)
{
    const ReplyContract::Result r = ReplyContract::parse(reply);
    if (!r.ok) {
        check(!r.reason.isEmpty() && r.patches.files.isEmpty());
        return;
    }
    check(r.reason.isEmpty() && !r.patches.files.isEmpty());
    for (const tileport::patch::FilePatch &fp : r.patches.files) {
        check(!fp.path().isEmpty());
        check(fp.wholeFile ? fp.hunks.isEmpty() : !fp.hunks.isEmpty());
        for (const tileport::patch::Hunk &h : fp.hunks)
            check(h.oldLines().size() == h.oldCount && h.newLines().size() == h.newCount);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const ModelApi api = (data[0] & 1) ? ModelApi::Anthropic : ModelApi::OpenAi;
    size_t cuts = data[0] >> 1;
    ++data, --size;
    cuts = std::min(cuts, size);
    QList<qsizetype> lengths;
    for (size_t i = 0; i < cuts; ++i)
        lengths << data[i];
    data += cuts, size -= cuts;
    const QByteArray stream(reinterpret_cast<const char *>(data), qsizetype(size));

    // All at once, in the chosen pieces and byte by byte: the same events.
    SseParser whole;
    const QList<SseEvent> events = whole.feed(stream);
    SseParser pieces;
    QList<SseEvent> fromPieces;
    qsizetype at = 0;
    for (const qsizetype n : std::as_const(lengths)) {
        fromPieces << pieces.feed(stream.mid(at, n));
        at = std::min(at + n, stream.size());
    }
    fromPieces << pieces.feed(stream.mid(at));
    check(sameEvents(events, fromPieces));
    check(whole.hasPartialData() == pieces.hasPartialData());
    if (stream.size() <= 512) {
        SseParser bytes;
        QList<SseEvent> fromBytes;
        for (const char c : stream)
            fromBytes << bytes.feed(QByteArray(1, c));
        check(sameEvents(events, fromBytes));
        check(whole.hasPartialData() == bytes.hasPartialData());
    }
    for (const SseEvent &e : events)
        check(!e.event.isEmpty());

    // The answer as the client assembles it, up to the end marker or the
    // first error.
    QString text;
    for (const SseEvent &e : events) {
        QString error;
        const ApiDialect::Step step = ApiDialect::onEvent(api, e, &text, &error);
        if (step == ApiDialect::Step::Error)
            check(!error.isEmpty());
        if (step != ApiDialect::Step::Continue)
            break;
    }
    checkContract(text);
    checkContract(QString::fromUtf8(stream));
    return 0;
}
