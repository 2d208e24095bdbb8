// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
#pragma once

#include <QString>

#include <optional>

namespace tileport::llm {

// Which wire protocol an endpoint speaks.
enum class ModelApi { OpenAi, Anthropic };

// Where to send a request and as whom. `url` is the API base (".../v1");
// the protocol's path is appended unless the URL already ends with it.
struct ModelEndpoint {
    QString url;
    ModelApi api = ModelApi::OpenAi;
    QString model;
    QString apiKey; // never logged; see ModelClient

    static std::optional<ModelApi> parseApi(const QString &name)
    {
        if (name == QLatin1String("openai"))
            return ModelApi::OpenAi;
        if (name == QLatin1String("anthropic"))
            return ModelApi::Anthropic;
        return std::nullopt;
    }
    static QString apiName(ModelApi api) { return api == ModelApi::OpenAi ? QStringLiteral("openai") : QStringLiteral("anthropic"); }
};

// One conversation turn: instructions and the user's message.
struct ModelRequest {
    QString system;
    QString user;
    int maxTokens = 4096;
    double temperature = 0.0;
};

} // namespace tileport::llm
